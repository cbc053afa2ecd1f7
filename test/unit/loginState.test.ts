import { describe, expect, it } from 'vitest';
import { describeAuthError } from '../../src/features/auth/authErrors';
import { initialLoginForm, showResetSuggestion, validateLogin } from '../../src/features/auth/loginState';
import { emailLine } from '../../src/features/auth/userMenuItems';

describe('login form rules', () => {
  it('requires a non-empty email and password, with no format check', () => {
    expect(validateLogin({ email: '', password: '' })).toEqual({ email: ['Email is required'], password: ['Password is required'] });
    expect(validateLogin({ email: '   ', password: 'x' }).email).toEqual(['Email is required']);
    expect(validateLogin({ email: 'not-an-email', password: '1' })).toEqual({ email: [], password: [] });
  });

  it('starts with empty fields, in creation mode only when asked', () => {
    expect(initialLoginForm(false)).toEqual({ email: '', password: '', newAccountCreation: undefined });
    expect(initialLoginForm(true)).toEqual({ email: '', password: '', newAccountCreation: {} });
  });

  it('suggests a reset only after a failure, with an email, in sign-in mode', () => {
    const signIn = { email: 'a@b.c', password: 'x' };
    expect(showResetSuggestion('Failure', signIn)).toBe(true);
    expect(showResetSuggestion('Idle', signIn)).toBe(false);
    expect(showResetSuggestion('Failure', { ...signIn, email: '' })).toBe(false);
    expect(showResetSuggestion('Failure', { ...signIn, newAccountCreation: { method: 'email' } })).toBe(false);
  });

  it('puts identity-provider codes in words and keeps the code', () => {
    expect(describeAuthError('auth/invalid-credential')).toBe('The email or password is wrong.');
    expect(describeAuthError('auth/weak-password')).toBe('That password is too short: use at least 6 characters.');
    expect(describeAuthError('auth/something-new')).toBe('Something went wrong (auth/something-new). Please try again.');
  });

  it('shows the first 15 characters of the email followed by ... in the user menu', () => {
    expect(emailLine('family@example.com')).toBe('family@example....');
    expect(emailLine('a@b.co')).toBe('a@b.co...');
    expect(emailLine(null)).toBe('User email');
  });
});
