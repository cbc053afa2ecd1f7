// What the app shell uses of the office pages: the list of staff pages, for the side menu.
export { STAFF_PAGES } from './pages';
