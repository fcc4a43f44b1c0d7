import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Navigate, useNavigate } from 'react-router'
import { shownTexts } from '@/lib/product-texts'
import { useGiftProducts } from '../api/limoo-cards'
import { GIFT_CODE_KEY, SKELETON_ROWS } from '../domain/gift-card'
import { GiftMessage } from './gift-message'
import { useLoginRedirect } from './use-login-redirect'
import '../giftcard.css'

/** A product's logo: the first sub-product's `images.logo` (the catalogue keeps logos there), if any. */
function logoOf(product: { meta: { products?: { images?: { logo?: string } }[] } }): string | undefined {
  return product.meta.products?.[0]?.images?.logo
}

/**
 * `/select-limoocard-options` ("هدیه‌های شما"): the products the card offers as radio rows (title, subtitle, logo),
 * the first preselected; 4 skeleton rows while loading; continue opens the result page with the choice
 * [PM-81, PM-82]. A failed load offers retry [ER-47]; no products says so [ER-48].
 */
export function GiftProductsPage() {
  const giftCode = window.sessionStorage.getItem(GIFT_CODE_KEY)
  if (giftCode === null) return <Navigate to="/limoocard" replace />
  return <GiftProducts giftCode={giftCode} />
}

function GiftProducts({ giftCode }: { giftCode: string }) {
  const { t, i18n } = useTranslation()
  const navigate = useNavigate()
  const login = useLoginRedirect()
  const products = useGiftProducts(giftCode)
  const [chosen, setChosen] = useState<number | null>(null)
  const selected = chosen ?? products.data?.[0]?.id ?? null

  const proceed = () => {
    if (selected !== null) void navigate(`/limoocard-result?status=unknown&selectedProductId=${selected}`)
  }

  return (
    <section className="gift-page" data-testid="gift-products">
      <h1 className="page-title">{t('giftcard.productsTitle')}</h1>
      <p className="gift-page__intro">{t('giftcard.productsPrompt')}</p>
      {login.redirecting ? (
        <GiftMessage messageKey="giftcard.errors.userIdRequired" />
      ) : products.isPending ? (
        <ul className="gift-options" aria-busy="true">
          {Array.from({ length: SKELETON_ROWS }, (_, row) => (
            <li key={row} className="gift-option gift-option--skeleton" data-testid="gift-skeleton" />
          ))}
        </ul>
      ) : products.isError ? (
        <div className="gift-page__failure" role="alert">
          <p>{t('giftcard.productsFailed')}</p>
          <button type="button" className="gift-page__secondary" onClick={() => void products.refetch()}>
            {t('giftcard.retry')}
          </button>
        </div>
      ) : products.data.length === 0 ? (
        <p className="gift-page__empty">{t('giftcard.productsEmpty')}</p>
      ) : (
        <fieldset className="gift-options">
          <legend className="gift-options__legend">{t('giftcard.productsPrompt')}</legend>
          {products.data.map((product) => {
            const logo = logoOf(product)
            const texts = shownTexts(product, i18n.language)
            return (
              <label key={product.id} className="gift-option" data-testid="gift-option" data-product-id={product.id}>
                <input
                  type="radio"
                  name="gift-product"
                  value={product.id}
                  checked={selected === product.id}
                  onChange={() => setChosen(product.id)}
                />
                {logo ? <img className="gift-option__logo" src={logo} alt="" /> : null}
                <span className="gift-option__text">
                  <span className="gift-option__title">{texts.title}</span>
                  {texts.subtitle ? <span className="gift-option__subtitle">{texts.subtitle}</span> : null}
                </span>
              </label>
            )
          })}
        </fieldset>
      )}
      <button
        type="button"
        className="primary-button gift-page__continue"
        data-testid="gift-continue"
        disabled={selected === null || login.redirecting}
        onClick={proceed}
      >
        {t('giftcard.continue')}
      </button>
    </section>
  )
}
