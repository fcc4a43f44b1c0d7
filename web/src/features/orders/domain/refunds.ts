import type { components } from '@/lib/api'

type OrderRefund = components['schemas']['OrderRefundDto']

/** Where an order's refunded payment stands: queued for finance, given back by the gateway, or paid back by finance. */
export type RefundStatus = 'REFUND_DUE' | 'REVERSED' | 'REFUNDED'

export const REFUND_MESSAGES = {
  REFUND_DUE: 'orders.refund.REFUND_DUE',
  REVERSED: 'orders.refund.REVERSED',
  REFUNDED: 'orders.refund.REFUNDED',
} as const satisfies Record<RefundStatus, string>

function isRefundStatus(status: string): status is RefundStatus {
  return Object.hasOwn(REFUND_MESSAGES, status)
}

/** The refunds the history can describe, newest first as the BFF sends them; a status it does not know is left out. */
export function shownRefunds(refunds: readonly OrderRefund[]): (OrderRefund & { status: RefundStatus })[] {
  return refunds.filter((refund): refund is OrderRefund & { status: RefundStatus } => isRefundStatus(refund.status))
}
