// What a family has picked on the class list: per class, the chosen sliding-scale price and add-ons.
// Kept in local storage so it survives a reload (and signing in).
import type { Cents, ClassGroup, PublicClass } from '../../../contract/domain';
import { SELECTION_KEY, SELECTION_TIME_KEY } from '../../lib/familyStorage';
import { formatCents } from '../../../contract/format';
import { withinSlidingScale } from '../../../contract/rules';

export interface ClassChoice {
  classId: string;
  semesterId: string;
  /** Chosen price on the class's sliding scale; undefined = list price. */
  price?: Cents;
  addOnIds: string[];
  /** The class was full when chosen: the family joins its waitlist. */
  waitlist?: boolean;
}

export type Selection = Record<string, ClassChoice>;

const KEY = SELECTION_KEY;

export function loadSelection(): Selection {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(KEY) ?? '{}');
    if (!parsed || typeof parsed !== 'object') return {};
    const out: Selection = {};
    for (const [id, c] of Object.entries(parsed as Record<string, Partial<ClassChoice>>)) {
      if (c && typeof c.semesterId === 'string' && Array.isArray(c.addOnIds)) {
        out[id] = {
          classId: id,
          semesterId: c.semesterId,
          price: typeof c.price === 'number' ? c.price : undefined,
          addOnIds: c.addOnIds.filter((a): a is string => typeof a === 'string'),
          ...(c.waitlist === true ? { waitlist: true } : {}),
        };
      }
    }
    return out;
  } catch {
    return {};
  }
}

export function saveSelection(selection: Selection): void {
  try {
    const json = JSON.stringify(selection);
    // Nothing stored is an empty selection: opening the page on a new device changes nothing (a
    // time stamped here would make the device's empty selection look newer than the family's draft).
    if ((localStorage.getItem(KEY) ?? '{}') === json) return;
    localStorage.setItem(KEY, json);
    localStorage.setItem(SELECTION_TIME_KEY, new Date().toISOString());
  } catch {
    // Storage full or disabled: the selection still works for this visit.
  }
}

export function toggleClass(selection: Selection, klass: PublicClass): Selection {
  if (selection[klass.id]) {
    const { [klass.id]: _removed, ...rest } = selection;
    return rest;
  }
  return { ...selection, [klass.id]: { classId: klass.id, semesterId: klass.semesterId, addOnIds: [], ...(klass.seatsLeft <= 0 ? { waitlist: true } : {}) } };
}

/** Selects every class of a bundle; when one of them is full, the bundle's waitlist (it waits as a unit). */
export function selectGroup(selection: Selection, group: ClassGroup, full: Set<string> = new Set()): Selection {
  const waitlist = group.classIds.some((id) => full.has(id));
  const next = { ...selection };
  for (const id of group.classIds) next[id] = { ...(next[id] ?? { classId: id, semesterId: group.semesterId, addOnIds: [] }), ...(waitlist ? { waitlist: true } : {}) };
  return next;
}

/** Joining a waitlist goes alone: one class, or one bundle (the server refuses anything else). */
export function waitlistProblem(selection: Selection, groups: ClassGroup[]): string | null {
  const chosen = Object.values(selection);
  if (!chosen.some((c) => c.waitlist)) return null;
  const ids = chosen.map((c) => c.classId).sort();
  const oneBundle = groups.some((g) => g.classIds.length === ids.length && [...g.classIds].sort().every((id, i) => id === ids[i]));
  return ids.length === 1 || oneBundle ? null : 'Join a waitlist on its own, for one class or one bundle: remove the other classes (you can enroll in them after).';
}

export const isWaitlist = (selection: Selection) => Object.values(selection).some((c) => c.waitlist);

export const isGroupComplete = (selection: Selection, group: ClassGroup) => group.classIds.every((id) => !!selection[id]);

export function setSlidingPrice(selection: Selection, classId: string, price: Cents | undefined): Selection {
  const choice = selection[classId];
  return choice ? { ...selection, [classId]: { ...choice, price } } : selection;
}

export function toggleAddOn(selection: Selection, classId: string, addOnId: string): Selection {
  const choice = selection[classId];
  if (!choice) return selection;
  const addOnIds = choice.addOnIds.includes(addOnId) ? choice.addOnIds.filter((a) => a !== addOnId) : [...choice.addOnIds, addOnId];
  return { ...selection, [classId]: { ...choice, addOnIds } };
}

/** When the selection on this device last changed, or null. */
export function selectionChangedAt(): string | null {
  try {
    return localStorage.getItem(SELECTION_TIME_KEY);
  } catch {
    return null;
  }
}

/** A sliding-scale price problem in words, or null when the price is fine. */
export function slidingPriceProblem(klass: PublicClass, price: Cents | undefined): string | null {
  if (!klass.slidingScale || price === undefined) return null;
  if (!Number.isInteger(price)) return 'Enter an amount in dollars and cents.';
  if (!withinSlidingScale(price, klass.slidingScale)) {
    return `Choose an amount within the sliding scale. It runs from ${formatCents(klass.slidingScale.min)} to ${formatCents(klass.slidingScale.max)}.`;
  }
  return null;
}

/** Drops choices of classes no longer offered; keeps the rest. */
export function pruneSelection(selection: Selection, offered: Set<string>): Selection {
  return Object.fromEntries(Object.entries(selection).filter(([id]) => offered.has(id)));
}

/** A choice that keeps the family from continuing, with the reason shown in the selection bar. */
export interface SelectionBlock {
  classId: string;
  title: string;
  message: string;
}

/** What keeps this selection from going on: sliding-scale prices out of range, and a waitlist request mixed with other classes. */
export function selectionBlocks(selection: Selection, offered: Map<string, PublicClass>, groups: ClassGroup[]): SelectionBlock[] {
  const blocked = Object.values(selection).flatMap((choice) => {
    const c = offered.get(choice.classId);
    const message = c ? slidingPriceProblem(c, choice.price) : null;
    return c && message ? [{ classId: c.id, title: c.title, message }] : [];
  });
  const waitlistMessage = waitlistProblem(selection, groups);
  const waitlistChoice = Object.values(selection).find((c) => c.waitlist);
  if (waitlistMessage && waitlistChoice) blocked.push({ classId: waitlistChoice.classId, title: offered.get(waitlistChoice.classId)?.title ?? '', message: waitlistMessage });
  return blocked;
}
