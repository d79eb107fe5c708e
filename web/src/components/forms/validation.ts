/** The part of a zod schema the forms use; web reads the shared schemas without importing zod itself. */
export interface Parser {
  safeParse(
    value: unknown,
  ): { success: true } | { success: false; error: { issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }> } };
}

/** Field name → its first problem. Dotted names for nested fields (`socialAccounts.twitter`). */
export type FieldErrors = Partial<Record<string, string>>;

/** The first problem of one value, in the order the schema checks (docs/product.md §5's order), or undefined. */
export function firstError(schema: Parser, value: unknown): string | undefined {
  const result = schema.safeParse(value);
  return result.success ? undefined : result.error.issues[0]?.message;
}

/** The first problem of each field of an object schema. */
export function firstErrors(schema: Parser, values: unknown): FieldErrors {
  const result = schema.safeParse(values);
  const errors: FieldErrors = {};
  if (result.success) return errors;
  for (const issue of result.error.issues) {
    const name = issue.path.map(String).join('.');
    errors[name] ??= issue.message;
  }
  return errors;
}

/** `query.symbols.2` → `query.symbols`: a list item's problem shows by the field that holds the list. */
export function listField(path: string): string {
  return path.replace(/(\.\d+)+$/, '');
}

export function hasErrors(errors: FieldErrors): boolean {
  return Object.values(errors).some(Boolean);
}
