import { render, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import { Select, TextAreaField, TextField } from '.';

/** The texts a screen reader reads with the control, in the order of its aria-describedby. */
function description(control: HTMLElement): string[] {
  const ids = control.getAttribute('aria-describedby')?.split(' ') ?? [];
  return ids.map((id) => document.getElementById(id)?.textContent ?? `missing #${id}`);
}

const options = [{ value: 'a', label: 'A' }];

const inputs: ReadonlyArray<[string, (props: { hint?: string; error?: string; id?: string }) => ReactElement, string]> = [
  ['TextField', (props) => <TextField label="Name" {...props} />, 'textbox'],
  ['TextAreaField', (props) => <TextAreaField label="Name" {...props} />, 'textbox'],
  ['Select', (props) => <Select label="Name" options={options} {...props} />, 'combobox'],
];

// Every input renders its label, hint and error through one Field.
describe.each(inputs)('%s (one Field: label, hint, error)', (_name, renderInput, role) => {
  it('labels the control and reads its hint, then its error, with it', () => {
    const { container } = render(renderInput({ hint: 'Your full name.', error: 'Name is required' }));
    const control = screen.getByRole(role, { name: 'Name' });
    expect(control.getAttribute('aria-invalid')).toBe('true');
    expect(description(control)).toEqual(['Your full name.', 'Name is required']);
    // What a sighted user sees, in page order.
    expect(container.textContent).toBe(
      role === 'combobox' ? 'NameAYour full name.Name is required' : 'NameYour full name.Name is required',
    );
  });

  it('says nothing more and is not invalid with neither hint nor error', () => {
    const { container } = render(renderInput({}));
    const control = screen.getByRole(role, { name: 'Name' });
    expect(control.getAttribute('aria-invalid')).toBeNull();
    expect(control.getAttribute('aria-describedby')).toBeNull();
    expect(container.textContent).toBe(role === 'combobox' ? 'NameA' : 'Name');
  });

  it('keeps an id it is given, and derives the hint and error ids from it', () => {
    render(renderInput({ id: 'who', hint: 'Hint', error: 'Wrong' }));
    const control = screen.getByRole(role, { name: 'Name' });
    expect(control.id).toBe('who');
    expect(control.getAttribute('aria-describedby')).toBe('who-hint who-error');
  });
});
