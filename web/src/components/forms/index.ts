export { FormAlert, FormOutcomeAlert, type FormAlertTone, type FormOutcome } from './FormAlert';
export { default as formStyles } from './Form.module.css';
export { useForm, type FormValues } from './useForm';
export { firstError, firstErrors, hasErrors, type FieldErrors, type Parser } from './validation';
export { NewPasswordField, passwordStrength, type PasswordStrength } from './NewPasswordField';
