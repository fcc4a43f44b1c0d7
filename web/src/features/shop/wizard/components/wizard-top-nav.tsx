import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { paths, withQuery } from '@/config/paths'
import { formatAmount } from '@/lib/money'

interface WizardTopNavProps {
  page: number
  pageCount: number | null
  search: URLSearchParams
}

/** Pages after the first: a top nav whose back button opens page n−1, with the same query [RG-52]. */
export function WizardTopNav({ page, pageCount, search }: WizardTopNavProps) {
  const { t, i18n } = useTranslation()
  return (
    <nav className="wizard-top-nav" aria-label={t('wizard.navLabel')} data-testid="wizard-top-nav">
      <Link
        className="wizard-top-nav__back"
        to={withQuery(paths.selectPackageF(page - 1), search)}
        aria-label={t('wizard.back')}
        data-testid="wizard-back"
      >
        <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
          <path d="M9 5l7 7-7 7" fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" />
        </svg>
      </Link>
      {pageCount !== null ? (
        <span className="wizard-top-nav__step" data-testid="wizard-step">
          {t('wizard.step', { page: formatAmount(page, i18n.language), count: formatAmount(pageCount, i18n.language) })}
        </span>
      ) : null}
    </nav>
  )
}
