// What other features use of sign-in: the login / create-account form, embedded in the enrollment steps.
export { LoginForm } from './LoginForm';
