import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { paths } from '@/config/paths'

/** Without an order in session storage the checkout has nothing to show (spec 2 §2). */
export function NoProductSelected() {
  const { t } = useTranslation()
  return (
    <section className="checkout-empty" data-testid="no-product">
      <p className="checkout-empty__message">{t('checkout.noProduct.message')}</p>
      <p className="checkout-empty__hint">{t('checkout.noProduct.hint')}</p>
      <Link className="primary-button" to={paths.selectPackage} data-testid="choose-product">
        {t('checkout.noProduct.button')}
      </Link>
    </section>
  )
}
