// The office setting up the catalogue: semesters, classes, bundles, codes, announcements and the dashboard.
// Each call: who may call it, its payload, its answer, and what it shows and changes (the app
// fetches again what a call made stale: src/lib/stale.ts, written from these).
import { ACCESS } from '../roles';
import type { AdminClass, Announcement, ClassGroup, DashboardFigures, Discount, DiscountList, Semester } from '../domain';
import type { MoneyReport, StripePayout } from '../reports';
import { z } from 'zod/mini';
import { byIdSchema, classInputSchema, copyClassSchema, copySemesterSchema, discountInputSchema, announcementSchema, groupInputSchema, id, isoDay, semesterIdSchema, semesterInputSchema } from '../schemas';

export const moneyReportSchema = z.strictObject({ semesterId: id, from: isoDay, to: isoDay }).check(z.refine((r) => r.from <= r.to, 'from must not be after to'));
export const payoutsSchema = z.strictObject({ from: isoDay, to: isoDay }).check(z.refine((r) => r.from <= r.to, 'from must not be after to'));
import { spec, none, UNCACHED } from './spec';

export const adminCalls = {
  adminSemesters: spec<{ semesters: Semester[] }>()(ACCESS.catalogueRead, none, { shows: ['classes'] }),
  adminSaveSemester: spec<{ semester: Semester }>()(ACCESS.catalogue, semesterInputSchema, { changes: ['classes'] }),
  adminClasses: spec<{ classes: AdminClass[]; groups: ClassGroup[] }>()(ACCESS.catalogueRead, semesterIdSchema, { shows: ['classes', 'seats'] }),
  adminSaveClass: spec<{ class: AdminClass }>()(ACCESS.catalogue, classInputSchema, { changes: ['classes'] }),
  adminCopyClass: spec<{ class: AdminClass }>()(ACCESS.catalogue, copyClassSchema, { changes: ['classes'] }),
  adminCopySemester: spec<{ classes: { id: string; title: string; startDate: string; endDate: string }[]; groups: string[]; shiftDays: number; alreadyThere: { classes: string[]; groups: string[] } }>()(
    ACCESS.catalogue,
    copySemesterSchema,
    { changes: ['classes'] },
  ),
  adminDeleteClass: spec<{ deleted: boolean }>()(ACCESS.catalogue, byIdSchema, { changes: ['classes'] }),
  adminSaveGroup: spec<{ group: ClassGroup }>()(ACCESS.catalogue, groupInputSchema, { changes: ['classes'] }),
  adminDeleteGroup: spec<{ deleted: boolean }>()(ACCESS.catalogue, byIdSchema, { changes: ['classes'] }),
  adminDiscounts: spec<DiscountList>()(ACCESS.catalogue, none, { shows: ['discounts'] }),
  adminSaveDiscount: spec<{ discount: Discount }>()(ACCESS.catalogue, discountInputSchema, { changes: ['discounts'] }),
  adminDeleteDiscount: spec<{ deleted: boolean }>()(ACCESS.catalogue, byIdSchema, { changes: ['discounts'] }),
  adminDashboard: spec<DashboardFigures>()(ACCESS.money, semesterIdSchema, { shows: ['classes', 'seats'] }),
  /** The term's money reports: payments and refunds by way over the days asked, what is owed by age, the billing by code and aid. */
  adminMoneyReport: spec<MoneyReport>()(ACCESS.money, moneyReportSchema, { shows: ['seats', 'credit', 'aid'] }),
  /** Stripe's payouts to the school's bank arriving in the days asked (all terms: Stripe pays out the account's balance), newest first. */
  adminPayouts: spec<{ payouts: StripePayout[] }>()(ACCESS.money, payoutsSchema, UNCACHED),
  /** Announcements: every one, showing or not, newest first. */
  adminAnnouncements: spec<{ announcements: Announcement[] }>()(ACCESS.catalogue, none, { shows: ['announcements'] }),
  adminSaveAnnouncement: spec<{ announcement: Announcement }>()(ACCESS.catalogue, announcementSchema, { changes: ['announcements'] }),
  adminDeleteAnnouncement: spec<{ deleted: boolean }>()(ACCESS.catalogue, byIdSchema, { changes: ['announcements'] }),
} as const;
