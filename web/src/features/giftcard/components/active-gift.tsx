import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { paths } from '@/config/paths'
import { useRedeemedGifts } from '../api/limoo-cards'
import { activeGift } from '../domain/gift-card'
import { GiftMessage } from './gift-message'

/**
 * `/limoocard-result?status=success`: says a gift is active only when the server lists it among the customer's
 * redeemed cards, never a gift the server did not give; a visitor without one is offered the gift-card form instead.
 */
export function ActiveGift({ selectedProductId }: { selectedProductId: number | null }) {
  const { t } = useTranslation()
  const gifts = useRedeemedGifts()
  if (gifts.isPending) {
    return (
      <section className="gift-page" data-testid="gift-result" data-status="unknown" aria-busy="true">
        <p className="gift-page__intro">{t('giftcard.result.checking')}</p>
      </section>
    )
  }
  if (gifts.isError) {
    return (
      <section className="gift-page" data-testid="gift-result" data-status="failed">
        <GiftMessage messageKey="giftcard.errors.generic" />
      </section>
    )
  }
  const gift = activeGift(gifts.data, selectedProductId)
  if (gift === undefined) {
    return (
      <section className="gift-page" data-testid="gift-result" data-status="none">
        <h1 className="page-title">{t('giftcard.result.noneTitle')}</h1>
        <p className="gift-page__intro">{t('giftcard.result.noneBody')}</p>
        <Link className="primary-button" to="/limoocard">
          {t('giftcard.result.enterCode')}
        </Link>
      </section>
    )
  }
  return (
    <section className="gift-page" data-testid="gift-result" data-status="success">
      <h1 className="page-title">{t('giftcard.result.successTitle')}</h1>
      <p className="gift-page__product" data-testid="gift-product">
        {gift.title}
      </p>
      <p className="gift-page__intro">{t('giftcard.result.successBody')}</p>
      <Link className="primary-button" to={paths.diets}>
        {t('giftcard.result.toPanel')}
      </Link>
    </section>
  )
}
