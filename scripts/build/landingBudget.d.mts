/** The landing page's initial JavaScript budget, gzip, in KB. */
export const LANDING_JS_BUDGET_KB: number;
