import type { ReactNode } from 'react'

interface FooterTotalProps {
  label: string
  amount: ReactNode
  /** data-testid of the amount. */
  testId: string
}

/** The total in a fixed footer (styles/purchase.css): its label above the amount. */
export function FooterTotal({ label, amount, testId }: FooterTotalProps) {
  return (
    <div className="fixed-footer__total">
      <span className="fixed-footer__total-label">{label}</span>
      <strong className="fixed-footer__total-value" data-testid={testId}>
        {amount}
      </strong>
    </div>
  )
}
