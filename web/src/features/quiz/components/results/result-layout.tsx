import type { ReactNode } from 'react'
import '../../quiz.css'

interface ResultLayoutProps {
  testId: string
  title: string
  subtitle?: string
  children: ReactNode
  actionLabel: string
  onAction: () => void
}

/** A result page: heading, cards, and the sticky call to action at the bottom [RS-19]. */
export function ResultLayout({ testId, title, subtitle, children, actionLabel, onAction }: ResultLayoutProps) {
  return (
    <section className="quiz-page quiz-result" data-testid={testId}>
      <header className="quiz-result__header">
        <h1 className="quiz-page__title">{title}</h1>
        {subtitle ? <p className="quiz-result__subtitle">{subtitle}</p> : null}
      </header>
      <div className="quiz-result__cards">{children}</div>
      <div className="quiz-actions quiz-actions--sticky">
        <button type="button" className="quiz-button" data-testid="meal-plan-button" onClick={onAction}>
          {actionLabel}
        </button>
      </div>
    </section>
  )
}

export function ResultCard({ title, testId, children }: { title: string; testId: string; children: ReactNode }) {
  return (
    <article className="quiz-card" data-testid={testId}>
      <h2 className="quiz-card__title">{title}</h2>
      {children}
    </article>
  )
}
