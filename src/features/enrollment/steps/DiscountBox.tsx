// The review step's discount codes: apply one (tried with the engine first), see what each saves, remove one.
import { useState } from 'react';
import type { Payload } from '../../../../contract/callables';
import type { AppliedDiscount, Problem } from '../../../../contract/domain';
import { formatCents } from '../../../../contract/format';
import { Button } from '../../../components/Button';
import { toCallError } from '../../../lib/query';
import { useTryCart } from '../api';

export function DiscountBox({
  priced,
  codes,
  cart,
  setCodes,
}: {
  /** What each code saved (over every child), and the codes that do not apply. */
  priced: { discounts: AppliedDiscount[]; codeProblems: Problem[] };
  codes: string[];
  /** The checkout the codes apply to (its children and their classes). */
  cart: Omit<Payload<'priceCart'>, 'codes'>;
  setCodes: (change: (codes: string[]) => string[]) => void;
}) {
  const tryCart = useTryCart();
  const [code, setCode] = useState('');
  const [codeMessage, setCodeMessage] = useState('');
  const [codeNote, setCodeNote] = useState('');
  const [applying, setApplying] = useState(false);

  const applyCode = async () => {
    const wanted = code.trim().toUpperCase();
    if (!wanted) return setCodeMessage('Enter a code.');
    if (codes.includes(wanted)) return setCodeMessage(`${wanted} is already applied.`);
    setApplying(true);
    try {
      const trial = await tryCart({ ...cart, codes: [...codes, wanted] });
      const problem = trial.codeProblems.find((p) => p.about === wanted);
      if (problem) setCodeMessage(problem.message);
      else {
        // A code that cannot be combined replaces the codes it saves more than.
        const replaced = codes.filter((c) => !trial.children.some((child) => child.discounts.some((d) => d.code === c)));
        setCodes((current) => [...current.filter((c) => !replaced.includes(c)), wanted]);
        setCode('');
        setCodeMessage('');
        setCodeNote(replaced.length ? `${wanted} replaces ${replaced.join(', ')}: it saves you more, and these codes cannot be combined.` : '');
      }
    } catch (e) {
      setCodeMessage(toCallError(e).message);
    } finally {
      setApplying(false);
    }
  };

  return (
    <div className="discount-box">
      <div className="field">
        <label htmlFor="discount-code">Discount code</label>
        <div className="inline-input">
          <input
            id="discount-code"
            className="p-inputtext p-component"
            value={code}
            autoCapitalize="characters"
            aria-invalid={!!codeMessage}
            aria-describedby={codeMessage ? 'discount-code-message' : undefined}
            onChange={(e) => setCode(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                void applyCode();
              }
            }}
          />
          <Button variant="outlined" disabled={applying} onClick={applyCode}>
            <span className="p-button-label">Apply</span>
          </Button>
        </div>
        {codeMessage && (
          <small id="discount-code-message" className="field-error" role="alert">
            {codeMessage}
          </small>
        )}
        <small className="muted" role="status">
          {codeNote}
        </small>
      </div>
      {codes.length > 0 && (
        <ul className="chips" aria-label="Applied codes">
          {codes.map((c) => {
            const applied = priced.discounts.find((d) => d.code === c);
            const problem = priced.codeProblems.find((p) => p.about === c);
            return (
              <li key={c} className={`chip${problem ? ' chip-problem' : ''}`}>
                <span>
                  {c}
                  {applied ? ` −${formatCents(applied.amount)}` : ''}
                  {problem ? `: ${problem.message}` : ''}
                </span>
                <button type="button" className="chip-remove" aria-label={`Remove code ${c}`} onClick={() => setCodes((current) => current.filter((x) => x !== c))}>
                  <span className="pi pi-times" aria-hidden="true" />
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
