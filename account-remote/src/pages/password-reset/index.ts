// The reset flow's three steps load as one chunk: each step navigates to the next with no chunk to wait for.
export { ForgetPasswordPage } from './ForgetPasswordPage';
export { OtpResetPage } from './OtpResetPage';
export { NewPasswordPage } from './NewPasswordPage';
