import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { LoginForm, type LoginFormProps } from '../../src/features/auth/LoginForm';

const renderForm = (props: LoginFormProps = {}) =>
  render(
    <MemoryRouter>
      <LoginForm {...props} />
    </MemoryRouter>,
  );

describe('LoginForm (sign-in / create-account screen)', () => {
  it('shows the card header and the sign-in hint linking to /user/create when not embedded', () => {
    renderForm();
    expect(screen.getByText('Sign In or Create Account')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'First time? Create an account.' })).toHaveAttribute('href', '/user/create');
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toHaveAttribute('autocomplete', 'current-password');
  });

  it('starts creation mode with only "Create With Email", then the fields and "Create Account"', async () => {
    const user = userEvent.setup();
    renderForm({ create: true });
    expect(screen.getByRole('link', { name: 'Already have an account? Sign in.' })).toHaveAttribute('href', '/user/login');
    expect(screen.queryByLabelText('Email')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create With Email' }));
    // The button goes as the fields come: the keyboard goes on from the email field, not the page's start.
    expect(screen.getByLabelText('Email')).toHaveFocus();
    expect(screen.getByLabelText('Password')).toHaveAttribute('autocomplete', 'new-password');
    expect(screen.getByRole('button', { name: 'Create Account' })).toBeInTheDocument();
  });

  it('"Pick different account type" clears email and password and returns to the method choice', async () => {
    const user = userEvent.setup();
    renderForm({ create: true });
    await user.click(screen.getByRole('button', { name: 'Create With Email' }));
    await user.type(screen.getByLabelText('Email'), 'a@b.c');
    await user.type(screen.getByLabelText('Password'), 'secret');
    await user.click(screen.getByRole('button', { name: 'Pick different account type' }));
    expect(screen.queryByLabelText('Email')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create With Email' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Create With Email' }));
    expect(screen.getByLabelText('Email')).toHaveValue('');
    expect(screen.getByLabelText('Password')).toHaveValue('');
  });

  it('embedded: the hint switches mode in place', async () => {
    const user = userEvent.setup();
    renderForm({ embedded: true });
    await user.click(screen.getByRole('button', { name: 'First time? Create an account.' }));
    expect(screen.getByRole('button', { name: 'Create With Email' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Already have an account? Sign in.' }));
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeInTheDocument();
  });

  it('Enter with empty fields shows both required messages in red, and nothing else', async () => {
    const user = userEvent.setup();
    renderForm();
    expect(screen.queryByText('Email is required')).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Password'), '{Enter}');
    expect(screen.getByText('Email is required')).toHaveClass('field-error');
    expect(screen.getByText('Password is required')).toHaveClass('field-error');
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('validation messages disappear when the mode changes (only visible while Invalid)', async () => {
    const user = userEvent.setup();
    renderForm({ embedded: true });
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'First time? Create an account.' }));
    await user.click(screen.getByRole('button', { name: 'Create With Email' }));
    expect(screen.queryByText('Password is required')).not.toBeInTheDocument();
  });
});
