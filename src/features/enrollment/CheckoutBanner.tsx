// Above the class list while other children wait in the checkout: who is in it, and the
// way back to the review without another child. Loaded only when there is such a checkout.
import { useNavigate } from 'react-router-dom';
import { andList } from '../../../contract/format';
import { useFlow } from './FlowContext';
import { backToLastChild } from './familyCart';
import { stepPath } from './flowState';

export function CheckoutBanner() {
  const { state, update } = useFlow();
  const navigate = useNavigate();
  const family = state.family ?? [];
  if (!family.length) return null;
  const names = andList(family.map((c) => c.steps.profile?.firstName ?? ''));
  return (
    <div className="restored-banner checkout-banner" role="status">
      <span>
        <span className="pi pi-users" aria-hidden="true" /> {names} {family.length > 1 ? 'are' : 'is'} in this checkout. Choose the classes for another child, then Continue.
      </span>
      <button
        type="button"
        className="link-button"
        onClick={() => {
          update(backToLastChild);
          navigate(stepPath('review'));
        }}
      >
        Back to the review
      </button>
    </div>
  );
}
