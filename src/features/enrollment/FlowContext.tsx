import { createContext, useCallback, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import { call } from '../../lib/callable';
import { useSession } from '../../lib/session';
import { loadSelection, saveSelection, selectionChangedAt } from '../catalogue';
import { emptyFlow, hasProgress, type FlowState } from './flowState';

interface Flow {
  state: FlowState;
  update: (change: (s: FlowState) => FlowState) => void;
  /** Continued from a draft saved on the server at the last visit. */
  restored: boolean;
  startOver: () => void;
  /** After a successful submit: a fresh flow, no draft. */
  finish: () => void;
  /** Sends a change still waiting for the debounce and resolves once every draft call has answered. */
  draftSettled: () => Promise<void>;
  /** False while a signed-in family's draft is still loading (the steps wait for it). */
  ready: boolean;
}

const FlowContext = createContext<Flow | null>(null);

/**
 * The flow this tab took to Stripe's page (kept for the tab only): back from that page, its draft
 * is the visit going on, not one to continue "from your last visit".
 */
const AT_STRIPE_KEY = 'portal-flow-at-stripe';
export function leavingForPayment(flow: string): void {
  try {
    sessionStorage.setItem(AT_STRIPE_KEY, flow);
  } catch {
    // Without session storage the banner shows: nothing is lost.
  }
}
function goingToPayment(): boolean {
  try {
    return sessionStorage.getItem(AT_STRIPE_KEY) !== null;
  } catch {
    return false;
  }
}
function backFromPayment(flow: string): boolean {
  try {
    const same = sessionStorage.getItem(AT_STRIPE_KEY) === flow;
    sessionStorage.removeItem(AT_STRIPE_KEY);
    return same;
  } catch {
    return false;
  }
}
const DRAFT_DEBOUNCE_MS = 1000;

/**
 * A page left (a reload, say) just after a change sends its last save as it goes, and the next page's
 * first read of the draft may reach the server before that save does: it would then restore an older
 * draft (or none) and save that over the newer one. The page leaving notes, for this tab only, a check
 * of the draft it last sent (never the draft itself: it holds a child's details); the next page reads
 * the draft again until it is that one, for at most this long.
 */
const LEFT_KEY = 'portal-draft-left';
const LEFT_WAIT_MS = 10_000;
/** The first wait before reading again, doubled each time up to the longest: a save seconds late costs a few reads. */
const LEFT_RETRY_MS = 250;
const LEFT_RETRY_MAX_MS = 2000;

/** A short check of a draft's text (FNV-1a, 32 bits): enough to tell two drafts apart, nothing to read back. */
function checkOf(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return (hash >>> 0).toString(16);
}

function noteLeaving(uid: string, json: string): void {
  try {
    sessionStorage.setItem(LEFT_KEY, JSON.stringify({ uid, check: checkOf(json), until: Date.now() + LEFT_WAIT_MS }));
  } catch {
    // Without session storage the next page reads the draft once, as before.
  }
}

/** The check of the draft the last page of this tab sent as it left, if it was this person's and recent; forgotten once read. */
function takeLeaving(uid: string): { check: string; until: number } | null {
  try {
    const left = JSON.parse(sessionStorage.getItem(LEFT_KEY) ?? 'null') as { uid: string; check: string; until: number } | null;
    sessionStorage.removeItem(LEFT_KEY);
    return left?.uid === uid && left.until > Date.now() ? left : null;
  } catch {
    return null;
  }
}

/** The account's saved draft, once the save the last page sent as it left has reached the server. */
async function loadLatestDraft(uid: string) {
  const left = takeLeaving(uid);
  let draft = await call('loadDraft');
  let wait = LEFT_RETRY_MS;
  while (left && checkOf(draft?.json ?? '') !== left.check && Date.now() < left.until) {
    await new Promise((resolve) => setTimeout(resolve, Math.min(wait, left.until - Date.now())));
    wait = Math.min(wait * 2, LEFT_RETRY_MAX_MS);
    draft = await call('loadDraft');
  }
  return draft;
}

export function FlowProvider({ children }: { children: ReactNode }) {
  const { user } = useSession();
  const [state, setState] = useState<FlowState>(() => emptyFlow(loadSelection()));
  const [restored, setRestored] = useState(false);
  const draftLoadedFor = useRef<string | null>(null);
  const [draftReadyFor, setDraftReadyFor] = useState<string | null>(null);
  /** The state last saved or restored: nothing to save while it is unchanged. */
  const lastSaved = useRef(JSON.stringify(state));
  /** The draft this page last sent to the server, and whose (none after a fresh start): what the next page must find. */
  const lastSent = useRef<{ uid: string; json: string } | null>(null);
  const pendingSave = useRef<((leaving?: boolean) => void) | null>(null);
  /**
   * The flow on the page now, set at once by a fresh start. A draft read before one (answered after it)
   * is the flow just ended, not one to restore; a save planned for an ended flow (the page back from
   * Stripe finishes the flow in a child's effect, before this provider's save effect has run with the
   * state it rendered) must not go out when the page is left.
   */
  const currentFlow = useRef(state.flow);
  /** Draft calls go one after another: a delete (Start over, or the enrollment) never overtakes a save. */
  const draftWork = useRef<Promise<void>>(Promise.resolve());
  const queueDraftCall = useCallback((work: () => Promise<unknown>) => {
    draftWork.current = draftWork.current.then(work).then(
      () => undefined,
      () => undefined,
    );
  }, []);

  useEffect(() => saveSelection(state.selection), [state.selection]);

  // Signed in: restore the draft saved at the last visit (once per account).
  const uid = user?.uid;
  useEffect(() => {
    if (!uid || draftLoadedFor.current === uid) return;
    draftLoadedFor.current = uid;
    const flowBefore = currentFlow.current;
    loadLatestDraft(uid).then(
      (draft) => {
        setDraftReadyFor(uid);
        // Paid (or started over) while the draft was on its way: it is the flow just ended. Restored,
        // it would be saved again, and the next visit would offer the classes just paid for.
        if (!draft || currentFlow.current !== flowBefore) return;
        try {
          const saved = { ...emptyFlow(), ...(JSON.parse(draft.json) as Partial<FlowState>) };
          // The device's selection changed after the draft was saved (a removal the draft never got,
          // say, when the page was reloaded within the save's debounce): it is the newer one.
          const localIsNewer = (selectionChangedAt() ?? '') > draft.updatedAt;
          setState((current) => {
            if (current.studentChoice !== null) return current;
            const selection = localIsNewer ? current.selection : { ...saved.selection, ...current.selection };
            const merged = { ...saved, selection };
            lastSaved.current = JSON.stringify(merged);
            return merged;
          });
          setRestored(!backFromPayment(saved.flow));
        } catch {
          // A draft that cannot be read is ignored.
        }
      },
      () => setDraftReadyFor(uid),
    );
  }, [uid]);

  useEffect(() => {
    currentFlow.current = state.flow;
  }, [state.flow]);

  // Save the draft on the server, debounced, while signed in; never before the account's saved draft
  // has loaded (a save then, a slow load after, and the family's saved child and step were lost).
  const loaded = !!uid && draftReadyFor === uid;
  useEffect(() => {
    const json = JSON.stringify(state);
    if (!loaded || !uid || !hasProgress(state) || json === lastSaved.current) return;
    const save = (leaving = false) => {
      if (lastSaved.current === json || currentFlow.current !== state.flow) return;
      lastSaved.current = json;
      lastSent.current = { uid, json };
      // Leaving the page: sent at once, and kept alive past the page (a call queued behind others, or
      // a plain one, is dropped when the page goes).
      const draft = { json, flow: state.flow };
      if (leaving) void call('saveDraft', draft, { keepalive: true }).catch(() => undefined);
      else queueDraftCall(() => call('saveDraft', draft));
    };
    pendingSave.current = save;
    const timer = setTimeout(save, DRAFT_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [state, loaded, uid, queueDraftCall]);

  // Leaving the page or the enrollment within the debounce still saves the last change; the next page
  // of this tab waits for the last draft sent (it may still be on its way).
  useEffect(() => {
    const leave = () => {
      pendingSave.current?.(true);
      // Not for Stripe's page: the save lands long before the family comes back, and a paid checkout's
      // draft is gone by then (the next page would wait for it in vain).
      if (lastSent.current && !goingToPayment()) noteLeaving(lastSent.current.uid, lastSent.current.json);
    };
    window.addEventListener('pagehide', leave);
    return () => {
      window.removeEventListener('pagehide', leave);
      pendingSave.current?.();
    };
  }, []);

  const update = useCallback((change: (s: FlowState) => FlowState) => setState(change), []);
  const reset = useCallback(() => {
    pendingSave.current = null;
    lastSent.current = null;
    const fresh = emptyFlow();
    currentFlow.current = fresh.flow;
    lastSaved.current = JSON.stringify(fresh);
    setState(fresh);
    setRestored(false);
  }, []);

  // Signing out on a shared device leaves nothing of this family's enrollment behind.
  const signedInAs = useRef(uid);
  useEffect(() => {
    if (signedInAs.current && user === null) {
      reset();
      draftLoadedFor.current = null;
    }
    if (user !== undefined) signedInAs.current = uid;
  }, [user, uid, reset]);
  const startOver = useCallback(() => {
    reset();
    if (uid) queueDraftCall(() => call('deleteDraft'));
  }, [reset, uid, queueDraftCall]);
  // Done (enrolled, or paid): the server deleted the draft, but a save still on its way (the return
  // from Stripe's page restores the draft before the payment is confirmed) could bring it back, and
  // the next visit would offer the classes just paid for again. Deleted once more, after any save.
  const finish = startOver;
  const draftSettled = useCallback(() => {
    pendingSave.current?.();
    return draftWork.current;
  }, []);

  return (
    <FlowContext.Provider value={{ state, update, restored, startOver, finish, draftSettled, ready: user === null || (!!uid && draftReadyFor === uid) }}>
      {children}
    </FlowContext.Provider>
  );
}

export function useFlow(): Flow {
  const flow = useContext(FlowContext);
  if (!flow) throw new Error('useFlow outside FlowProvider');
  return flow;
}
