import { fireEvent, screen, within } from '@testing-library/react';

/** Types into the field labelled `label` (inside `container`, else the whole page). */
export function fill(label: string, value: string, container: HTMLElement = document.body) {
  fireEvent.change(within(container).getByLabelText(label), { target: { value } });
}

/** The inline error shown under the field labelled `label`, or null. */
export function fieldError(label: string, container: HTMLElement = document.body): string | null {
  const input = within(container).getByLabelText(label);
  const ids = input.getAttribute('aria-describedby')?.split(' ') ?? [];
  const error = ids.filter((id) => id.endsWith('-error')).map((id) => document.getElementById(id))[0];
  return error?.textContent ?? null;
}

/** The text of the form's outcome alert (role alert or status) once it shows. */
export async function outcome(role: 'alert' | 'status'): Promise<string> {
  return (await screen.findByRole(role)).textContent ?? '';
}
