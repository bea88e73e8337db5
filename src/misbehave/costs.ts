/** The budget modes (spec §5.2): costs that lie (B1, B3). The flood (B4) is in flood.ts. */
import { eachFrame, type Misbehaviour } from "./misbehaviour.ts";

/** `lying-costs` (B1): every frame declares 99999 tokens. */
export const lyingCosts: Misbehaviour = { reply: eachFrame((frame) => ({ ...frame, token_cost: 99999 })) };

/** `under-report-cost` (B3): every frame declares 1 token, whatever its content costs. */
export const underReportCost: Misbehaviour = { reply: eachFrame((frame) => ({ ...frame, token_cost: 1 })) };
