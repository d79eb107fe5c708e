export { FormAlert, FormOutcomeAlert, type FormAlertTone, type FormOutcome } from './FormAlert';
export { default as formStyles } from './Form.module.css';
export { useForm, type FormField, type FormValues } from './useForm';
export { useLinkAction } from './useLinkAction';
export { firstError, firstErrors, hasErrors, listField, type FieldErrors, type Parser } from './validation';
export { NewPasswordField, passwordStrength, type PasswordStrength } from './NewPasswordField';
export { confirmPasswordError, PasswordAndConfirm, type NewPasswordKind, type PasswordAndConfirmProps } from './PasswordAndConfirm';
export { FoldOnPhone, type FoldOnPhoneProps } from './FoldOnPhone';
