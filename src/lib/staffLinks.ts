// The staff pages' links as the office's pages see them. The table of pages (app/pages.ts) makes them
// and the office's frame hands them down, so a page below app/ (the dashboard) lists them without
// reaching up into the router.
import { createContext, useContext } from 'react';
import type { StaffRole } from '../../contract/roles';

/** A staff page's link: where it goes, what it says, the roles that see it, and whether the side menu lists it. */
export interface StaffLink {
  to: string;
  label: string;
  icon: string;
  access: readonly StaffRole[];
  side: boolean;
}

export const StaffLinksContext = createContext<readonly StaffLink[]>([]);

export const useStaffLinks = () => useContext(StaffLinksContext);
