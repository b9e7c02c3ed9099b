import type { TokenUsage } from '@ag-ui/core';

/** What a model's tokens cost, per million tokens, in the table's currency. */
export interface TokenPrice {
  /** Per million input tokens (those read from the provider's cache too, unless `cachedInput` is given). */
  readonly input: number;
  /** Per million output tokens. */
  readonly output: number;
  /** Per million input tokens read from the provider's cache (`cachedInputTokens`), when they cost less. */
  readonly cachedInput?: number;
}

/**
 * A price table that turns token usage into cost: a price per model (`models`, by the `model` the
 * usage names), else `default`, in `currency` (an ISO 4217 code, such as `USD` or `EUR`).
 */
export interface UsagePrices {
  readonly currency: string;
  readonly default?: TokenPrice;
  readonly models?: Readonly<Record<string, TokenPrice>>;
}

/** One counted usage: as AG-UI reports it, or a server's count without a model (Soliplex's usage route). */
export type PricedUsage = Pick<TokenUsage, 'model' | 'inputTokens' | 'outputTokens' | 'cachedInputTokens'>;

const price = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : undefined);
const tokens = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : 0);

function priceOf(prices: UsagePrices, model: string | undefined): TokenPrice | undefined {
  const own = model !== undefined && prices.models && Object.hasOwn(prices.models, model) ? prices.models[model] : undefined;
  const chosen = own ?? prices.default;
  return chosen && price(chosen.input) !== undefined && price(chosen.output) !== undefined ? chosen : undefined;
}

/**
 * What `usage` cost by `prices`, in its currency; undefined without a table, without usage, or when an
 * entry that counted tokens has no price (a partial sum would read as the whole cost).
 */
export function usageCost(usage: readonly PricedUsage[], prices: UsagePrices | undefined): number | undefined {
  if (!prices || typeof prices.currency !== 'string' || usage.length === 0) return undefined;
  let total = 0;
  for (const entry of usage) {
    const input = tokens(entry.inputTokens);
    const output = tokens(entry.outputTokens);
    if (!input && !output) continue;
    const p = priceOf(prices, entry.model);
    if (!p) return undefined;
    const cached = Math.min(tokens(entry.cachedInputTokens), input);
    const cachedPrice = price(p.cachedInput) ?? p.input;
    total += ((input - cached) * p.input + cached * cachedPrice + output * p.output) / 1_000_000;
  }
  return total;
}

/**
 * A cost as people read it in `locale` (`Intl.NumberFormat`, the currency's symbol): amounts under
 * a tenth keep two significant digits ("$0.013", "$0.0042"), not "$0.01" or "$0.00". Undefined for a
 * currency `Intl` does not know.
 */
export function formatCost(amount: number, currency: string, locale?: string): string | undefined {
  const small = amount > 0 && amount < 0.1;
  try {
    return new Intl.NumberFormat(locale || undefined, { style: 'currency', currency, ...(small ? { maximumSignificantDigits: 2 } : {}) }).format(amount);
  } catch {
    return undefined;
  }
}
