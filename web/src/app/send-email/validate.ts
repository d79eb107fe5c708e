import { sendEmailSchema } from '@coinsight/contracts';
import { firstErrors, type FieldErrors } from '../../components/forms';

export const emptyEmail = { recipient: '', subject: '', message: '' };
export type EmailValues = typeof emptyEmail;

/** docs/product.md §5's checks in its order: recipient (required, valid), subject, message. */
export function validateEmail(values: EmailValues): FieldErrors {
  return firstErrors(sendEmailSchema, values);
}

/** The field a keyboard user is sent to after a refused submit. */
export function firstInvalidField(errors: FieldErrors): keyof EmailValues | null {
  return (Object.keys(emptyEmail) as (keyof EmailValues)[]).find((name) => errors[name]) ?? null;
}
