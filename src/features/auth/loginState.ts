// The sign-in form's state, its request state and its only client check (non-empty).
export type LoginRequestState = 'Idle' | 'Invalid' | 'Pending' | 'Success' | 'Failure';

export interface LoginFormState {
  email: string;
  password: string;
  /** undefined when signing in; otherwise creating an account, with the method once chosen. */
  newAccountCreation?: { method?: 'email' };
}

export interface LoginErrors {
  email: string[];
  password: string[];
}

export function validateLogin(form: LoginFormState): LoginErrors {
  return {
    email: form.email.trim() ? [] : ['Email is required'],
    password: form.password ? [] : ['Password is required'],
  };
}

export const hasErrors = (e: LoginErrors) => e.email.length > 0 || e.password.length > 0;

export function initialLoginForm(create: boolean): LoginFormState {
  return { email: '', password: '', newAccountCreation: create ? {} : undefined };
}

/** The reset suggestion shows only after a failed attempt, with an email, in sign-in mode. */
export function showResetSuggestion(state: LoginRequestState, form: LoginFormState): boolean {
  return state === 'Failure' && form.email.trim() !== '' && !form.newAccountCreation;
}
