export { FormAlert, FormOutcomeAlert, type FormAlertTone, type FormOutcome } from './FormAlert';
export { default as formStyles } from './Form.module.css';
export { useForm, type FormValues } from './useForm';
export { firstError, firstErrors, hasErrors, NEW_PASSWORD_HINT, type FieldErrors, type Parser } from './validation';
