import { describe, expect, it } from 'vitest';
import type { ClassGroup, PublicClass } from '../../contract/domain';
import { bundleSaving } from '../../contract/rules';
import { filterClasses, seatsText } from '../../src/features/catalogue/filters';
import {
  isGroupComplete,
  pruneSelection,
  selectGroup,
  slidingPriceProblem,
  toggleAddOn,
  toggleClass,
} from '../../src/features/catalogue/selection';

const c = (over: Partial<PublicClass>): PublicClass =>
  ({ id: 'x', semesterId: 's', title: 'Forest Explorers', description: 'Games and stories', location: 'Redwood Grove', classType: 'After-school', instructors: ['Maya Lin'], gradeMin: 0, gradeMax: 2, price: 24000, slidingScale: null, addOns: [], seatsLeft: 3, ...over }) as PublicClass;

describe('catalogue filters', () => {
  const classes = [c({ id: 'a' }), c({ id: 'b', title: 'Survival Skills', location: 'Cedar Camp', instructors: ['Sam Okafor'], gradeMin: 5, gradeMax: 8 })];
  it('searches title, description, location and instructors, all words', () => {
    expect(filterClasses(classes, { query: 'okafor', grade: null }).map((x) => x.id)).toEqual(['b']);
    expect(filterClasses(classes, { query: 'redwood games', grade: null }).map((x) => x.id)).toEqual(['a']);
    expect(filterClasses(classes, { query: 'redwood cedar', grade: null })).toEqual([]);
    expect(filterClasses(classes, { query: '  ', grade: null })).toHaveLength(2);
  });
  it('searches as the office does: case and accents aside, both ways', () => {
    const accented = [c({ id: 'e', title: 'Écologie des étangs', instructors: ['José Núñez'] })];
    expect(filterClasses(accented, { query: 'ecologie NUNEZ', grade: null }).map((x) => x.id)).toEqual(['e']);
    expect(filterClasses(classes, { query: 'Okáfor', grade: null }).map((x) => x.id)).toEqual(['b']);
  });
  it('a bundle saves its classes\' own prices minus its price', () => {
    expect(bundleSaving({ price: 40000, classIds: ['a', 'b'] }, [c({ id: 'a' }), c({ id: 'b', price: 22000 }), c({ id: 'z', price: 99900 })])).toBe(6000);
  });
  it('filters by grade within the range, K = 0', () => {
    expect(filterClasses(classes, { query: '', grade: 0 }).map((x) => x.id)).toEqual(['a']);
    expect(filterClasses(classes, { query: '', grade: 8 }).map((x) => x.id)).toEqual(['b']);
    expect(filterClasses(classes, { query: '', grade: 3 })).toEqual([]);
  });
  it('says seats left in words, "Full" at zero', () => {
    expect(seatsText(0)).toBe('Full');
    expect(seatsText(-2)).toBe('Full');
    expect(seatsText(1)).toBe('1 seat left');
    expect(seatsText(7)).toBe('7 seats left');
  });
});

describe('selection', () => {
  const group: ClassGroup = { id: 'g', semesterId: 's', name: 'Bundle', price: 40000, classIds: ['a', 'b'] };
  it('toggles classes and completes groups with select all', () => {
    let s = toggleClass({}, c({ id: 'a' }));
    expect(isGroupComplete(s, group)).toBe(false);
    s = selectGroup(s, group);
    expect(Object.keys(s).sort()).toEqual(['a', 'b']);
    expect(isGroupComplete(s, group)).toBe(true);
    s = toggleClass(s, c({ id: 'a' }));
    expect(Object.keys(s)).toEqual(['b']);
  });
  it('keeps chosen add-ons and the existing choice when a group is selected', () => {
    let s = toggleClass({}, c({ id: 'a' }));
    s = toggleAddOn(s, 'a', 'boots');
    s = selectGroup(s, group);
    expect(s.a.addOnIds).toEqual(['boots']);
    expect(toggleAddOn(s, 'a', 'boots').a.addOnIds).toEqual([]);
  });
  it('checks a sliding-scale price against the range', () => {
    const sliding = c({ slidingScale: { min: 18000, max: 30000 } });
    expect(slidingPriceProblem(sliding, undefined)).toBeNull();
    expect(slidingPriceProblem(sliding, 18000)).toBeNull();
    expect(slidingPriceProblem(sliding, 30000)).toBeNull();
    expect(slidingPriceProblem(sliding, 17999)).toMatch(/within the sliding scale/);
    expect(slidingPriceProblem(sliding, 30001)).toMatch(/within/);
    expect(slidingPriceProblem(sliding, Number.NaN)).toMatch(/Enter an amount/);
    expect(slidingPriceProblem(c({}), 1)).toBeNull();
  });
  it('drops classes no longer offered', () => {
    const s = selectGroup({}, group);
    expect(Object.keys(pruneSelection(s, new Set(['b'])))).toEqual(['b']);
  });
});
