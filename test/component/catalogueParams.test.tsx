// The class list's place in the address: two changes made before the page draws again (a semester
// tab, then "Who is this for?", tapped quickly on a slow phone) both stay.
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { useCatalogueParams } from '../../src/features/catalogue/useCatalogueParams';

const wrapper = ({ children }: { children: ReactNode }) => <MemoryRouter initialEntries={['/classes/enrollment?q=owls&grade=2']}>{children}</MemoryRouter>;
const useBoth = () => ({ params: useCatalogueParams(), search: useLocation().search });

describe('the class list’s address', () => {
  it('keeps both of two changes made before the page draws again', () => {
    const { result } = renderHook(useBoth, { wrapper });
    act(() => {
      result.current.params.setParam('semester', 'camps');
      result.current.params.setParam('for', 'pia');
    });
    expect(Object.fromEntries(new URLSearchParams(result.current.search))).toEqual({ q: 'owls', grade: '2', semester: 'camps', for: 'pia' });
    expect([result.current.params.semester, result.current.params.forChild, result.current.params.grade]).toEqual(['camps', 'pia', 2]);
  });

  it('clears the search and the grade, keeping the semester and the child, even right after a change', () => {
    const { result } = renderHook(useBoth, { wrapper });
    act(() => {
      result.current.params.setParam('for', 'pia');
      result.current.params.clearSearch('camps');
    });
    expect(Object.fromEntries(new URLSearchParams(result.current.search))).toEqual({ semester: 'camps', for: 'pia' });
  });
});
