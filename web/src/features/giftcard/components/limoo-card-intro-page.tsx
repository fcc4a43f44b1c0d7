import { useTranslation } from 'react-i18next'
import { Link, useSearchParams } from 'react-router'
import '../giftcard.css'

/**
 * `/limoo-card-intro` (spec 2 names the screen, not its path): what a Limoo card is, and the way to the gift-card form.
 * `digital-code=true` is the variant for a customer holding a gift code; `partnerGiftCode=true` the one for a partner's
 * gift code. The form is `/limoocard` with the matching query (spec 2 §2).
 */
export function LimooCardIntroPage() {
  const { t } = useTranslation()
  const [query] = useSearchParams()
  const partner = query.get('partnerGiftCode') === 'true'
  const digital = query.get('digital-code') === 'true'
  const form = partner ? '/limoocard?isPartnerDiscount=true' : '/limoocard?digital-code=true&hasGiftCode=true'
  return (
    <section className="gift-page" data-testid="limoo-card-intro" data-variant={partner ? 'partner' : digital ? 'digital' : 'plain'}>
      <h1 className="page-title">{t('giftcard.title')}</h1>
      <p className="gift-page__intro">{t(partner ? 'giftcard.introPage.partner' : 'giftcard.introPage.about')}</p>
      <Link className="primary-button gift-page__continue" to={form} data-testid="limoo-card-start">
        {t(partner ? 'giftcard.introPage.partnerButton' : 'giftcard.introPage.codeButton')}
      </Link>
    </section>
  )
}
