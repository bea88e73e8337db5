/** Host-side reports (spec §4.11): usage (UR1), consent receipts (C1, C6) and attribution (A1–A3). */
export type { ServedFrame, UsageLeg } from "./usage-leg.ts";
export { type ProviderUsage, type UsageReport, usageReport, withinBudget } from "./usage-report.ts";
export { type ConsentGrantor, type ConsentReceipt, consentReceipt } from "./consent-receipt.ts";
export { type AttributionReport, attributionReport, type FrameUse, isReconcilable } from "./attribution-report.ts";
