// What other features use of sign-in: the login / create-account form, embedded in the enrollment steps.
export { LoginForm } from './LoginForm';
// The staff pages' guard: the roles that may open a page (the server checks them again on every call).
export { RequireStaff } from './guards';
