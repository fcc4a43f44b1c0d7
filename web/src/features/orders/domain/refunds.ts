import type { components } from '@/lib/api'

/** Where an order's refunded payment stands: queued for finance, given back by the gateway, or paid back by finance. */
export type RefundStatus = components['schemas']['RefundState']

export const REFUND_MESSAGES = {
  REFUND_DUE: 'orders.refund.REFUND_DUE',
  REVERSED: 'orders.refund.REVERSED',
  REFUNDED: 'orders.refund.REFUNDED',
} as const satisfies Record<RefundStatus, string>
