// Financial aid: a family's private application (once per school year), finance's awards from a fund,
// and the award as the pricing engine applies it at checkout (its own line, after the sliding scale,
// the codes and the sibling rule, never below nothing). Shared by the functions, the family's pages
// and finance's page.
import type { Cents, IsoDate } from './domain';
import { formatCents, formatDate } from './format';

/**
 * The code of an award's line among an enrollment's discounts: lower case, so never a code a school
 * types (codes are kept in capitals), and never looked up among the codes.
 */
export const AID_CODE = 'aid';

/** What an award took off these discounts (its line's amount; nothing without one). */
export const aidOnLines = (discounts: readonly { code: string; amount: Cents }[]): Cents => discounts.filter((d) => d.code === AID_CODE).reduce((s, d) => s + d.amount, 0);

/** The school's income table: a household's income as a share of the federal poverty line, lowest first. */
export const INCOME_BANDS = [
  { id: 'under-100', label: 'Under 100 % of the federal poverty line' },
  { id: '100-185', label: '100–185 % of the federal poverty line' },
  { id: '185-300', label: '185–300 % of the federal poverty line' },
  { id: 'over-300', label: 'Over 300 % of the federal poverty line' },
] as const;
export type IncomeBand = (typeof INCOME_BANDS)[number]['id'];
export const INCOME_BAND_IDS = INCOME_BANDS.map((b) => b.id) as [IncomeBand, ...IncomeBand[]];
export const incomeBandLabel = (id: string) => INCOME_BANDS.find((b) => b.id === id)?.label ?? id;

/** received: waiting for finance; awarded; declined: not awarded this time. */
export type AidStatus = 'received' | 'awarded' | 'declined';

/**
 * What finance awarded: a percent of each named child's classes, or an amount for the family; at most
 * `capPerChild` for one child; `committed` is what it holds of its fund (the most it can ever take:
 * the amount, or the cap for each child), `used` what checkouts took of it.
 */
export interface AidAward {
  fundId: string;
  fundName: string;
  percent?: number;
  amount?: Cents;
  capPerChild?: Cents;
  /** Add-ons are paid by the family unless finance says the award covers them. */
  addOns: boolean;
  committed: Cents;
  used: Cents;
  expiresOn: IsoDate;
  /** For the family to read. */
  note: string;
  at: string;
  by: string;
}

export interface AidApplication {
  /** `${ownerUid}-${schoolYear}`: one per family and school year. */
  id: string;
  ownerUid: string;
  email: string;
  /** "2026–27": August to July. */
  schoolYear: string;
  semesterId: string;
  semesterName: string;
  studentIds: string[];
  childNames: string[];
  householdSize: number;
  incomeBand: IncomeBand;
  /** Receives SNAP, Medicaid or free school lunch. */
  benefits: boolean;
  /** The family's own words. */
  words: string;
  status: AidStatus;
  submittedAt: string;
  decidedAt?: string;
  award?: AidAward;
  /** The idempotency key of finance's batch that decided it (the same batch again answers the same). */
  batchKey?: string;
}

/** What a family sees of its application: no income, no fund, nothing finance wrote for itself. */
export type FamilyAid = Pick<AidApplication, 'id' | 'schoolYear' | 'semesterId' | 'semesterName' | 'childNames' | 'status' | 'submittedAt'> & {
  award?: Pick<AidAward, 'percent' | 'amount' | 'capPerChild' | 'addOns' | 'expiresOn' | 'note' | 'used'> & { left: Cents };
};

/**
 * The terms whose seats kept for aid a family may take: its application's while under review, or while
 * its award lasts (the checkout's rule, and the class list's for a signed-in family).
 */
export const aidSeatTerms = (apps: (Pick<AidApplication, 'status' | 'semesterId'> & { award?: Pick<AidAward, 'expiresOn'> })[], today: IsoDate): Set<string> =>
  new Set(apps.filter((a) => a.status === 'received' || (a.status === 'awarded' && !!a.award && a.award.expiresOn >= today)).map((a) => a.semesterId));

/** "2 seats kept for families receiving aid until Mar 1". */
export const aidSeatsText = (left: number, until: IsoDate) => `${left === 1 ? '1 seat' : `${left} seats`} kept for families receiving aid until ${formatDate(until)}`;

/** A fund: gifts designated to it and transfers in, less what awards hold of it. */
export interface AidFund {
  id: string;
  name: string;
  gifts: Cents;
  transfers: Cents;
  committed: Cents;
  /**
   * First come until it runs out: each application is awarded these terms as it arrives, while the
   * fund holds them (for schools that do not review applications together).
   */
  firstCome?: FirstComeTerms | null;
}

export interface FirstComeTerms {
  percent: number;
  capPerChild: Cents;
  expiresOn: IsoDate;
}

/** The note a family reads on an award made as its application arrived. */
export const FIRST_COME_NOTE = 'Awarded as your application arrived, while the fund lasts.';

export const fundBalance = (f: Pick<AidFund, 'gifts' | 'transfers' | 'committed'>): Cents => f.gifts + f.transfers - f.committed;

/** The school year of a day: August to July ("2026–27"). */
export function schoolYearOf(day: IsoDate): string {
  const [y, m] = day.split('-').map(Number);
  const start = m >= 8 ? y : y - 1;
  return `${start}–${String((start + 1) % 100).padStart(2, '0')}`;
}

/** The most an award can take from its fund: its amount, or its cap for each child. */
export const committedOf = (a: Pick<AidAward, 'percent' | 'amount' | 'capPerChild'>, children: number): Cents =>
  a.amount !== undefined ? Math.min(a.amount, a.capPerChild !== undefined ? a.capPerChild * children : a.amount) : (a.capPerChild ?? 0) * children;

/** "60 % (at most $300 a child)", "$250". */
export function awardWords(a: Pick<AidAward, 'percent' | 'amount' | 'capPerChild' | 'addOns'>): string {
  const cap = a.capPerChild !== undefined ? ` (at most ${formatCents(a.capPerChild)} a child)` : '';
  const what = a.percent !== undefined ? `${a.percent} % of the classes${a.addOns ? ' and add-ons' : ''}` : `${formatCents(a.amount ?? 0)}`;
  return `${what}${cap}`;
}

/** The award's line at checkout: "Financial aid — Spring 2027". */
export const aidLineLabel = (semesterName: string) => `Financial aid — ${semesterName}`;

/** What the family reads of its application's status. */
export const AID_STATUS_WORDS: Record<AidStatus, string> = {
  received: 'Received — under review',
  awarded: 'Awarded',
  declined: 'Not awarded this time',
};

/** Where an enrollment priced with an award keeps its terms (the repricing of a cancellation applies them again). */
export interface EnrollmentAid {
  applicationId: string;
  label: string;
  percent?: number;
  addOns: boolean;
}
