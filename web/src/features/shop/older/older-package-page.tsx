import { zodResolver } from '@hookform/resolvers/zod'
import { useMemo, useState } from 'react'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { Link, useLocation, useNavigate } from 'react-router'
import { z } from 'zod'
import { readSetting, writeSetting } from '@/config/flags'
import { paths } from '@/config/paths'
import { apiMessageOr } from '@/lib/api'
import { loginPathFor } from '@/lib/auth'
import { formatCount, toLatinDigits } from '@/lib/digits'
import { shownTexts } from '@/lib/product-texts'
import { useFormatPrice } from '@/components/hooks/use-format-price'
import { useIsLoggedIn } from '@/components/hooks/use-is-logged-in'
import { useSingleFlight } from '@/components/hooks/use-single-flight'
import { ORDER_ID_KEY } from '../api/create-order'
import '../shop.css'
import './older.css'
import { usePackagesInfo, usePromotionForm, useSelectPackage } from './api'
import {
  BUNDLE_ID_KEY,
  bundleSetOf,
  choicesFromInfo,
  offerTotalOf,
  initialOffer,
  NEED_LOGIN_FIRST,
  packageErrorKey,
  type PackageChoices,
  type Invoice,
  type PackagesInfo,
} from './domain'

function errorCode(failure: unknown): string | undefined {
  const code = (failure as { code?: unknown } | null)?.code
  return typeof code === 'string' ? code : undefined
}

function PackageError({ failure }: { failure: unknown }) {
  const { t } = useTranslation()
  return (
    <p role="alert" className="status-line status-line--error" data-testid="older-package-error">
      {t(packageErrorKey(errorCode(failure)))}
    </p>
  )
}

/**
 * Payment auth invalid [ER-55]: the server refused the customer's sign-in (NEED_LOGIN_FIRST; the calls forget it) or
 * it ran out. No offer, no payment: the message and the way back here through sign-in.
 */
function PaymentAuthInvalid() {
  const { t } = useTranslation()
  const { pathname, search } = useLocation()
  return (
    <>
      <PackageError failure={{ code: NEED_LOGIN_FIRST }} />
      <Link className="primary-button" to={loginPathFor(`${pathname}${search}`)} data-testid="older-sign-in">
        {t('older.signIn')}
      </Link>
    </>
  )
}

/** The older package-selection page (spec 3 §3, §4, §8): `/diets/extend` and the return to it, `/diets/extend/back`. */
export function OlderPackagePage() {
  const { t } = useTranslation()
  const signedIn = useIsLoggedIn()
  return (
    <section className="older-packages" data-testid="older-packages" data-payment-auth={signedIn ? 'valid' : 'invalid'}>
      <h1 className="page-title">{t('older.title')}</h1>
      {signedIn ? <Packages /> : <PaymentAuthInvalid />}
    </section>
  )
}

function Packages() {
  const { t } = useTranslation()
  const packages = usePackagesInfo()
  return (
    <>
      {packages.isPending && <p className="status-line">{t('older.loading')}</p>}
      {packages.isError && <PackageError failure={packages.error} />}
      {packages.data !== undefined &&
        (packages.data.needPayment ? (
          <PackageOffers info={packages.data} />
        ) : (
          <>
            <PackageError failure={{ code: 'NO_NEED_TO_PAYMENT' }} />
            {/* The package bought waits for its diet: the panel says what comes next (its questions, say). */}
            <p className="status-line">{t('older.toDiets')}</p>
            <Link className="primary-button" to={paths.diets} data-testid="older-to-diets">
              {t('older.openDiets')}
            </Link>
          </>
        ))}
    </>
  )
}

function PackageOffers({ info }: { info: PackagesInfo }) {
  const { t, i18n } = useTranslation()
  const extend = info.flow === 'EXTEND'
  const offers = info.allOffers
  const bundleSet = useMemo(() => bundleSetOf(offers, readSetting(BUNDLE_ID_KEY)), [offers])
  const [months, setMonths] = useState(() => initialOffer(offers, bundleSet)?.productCount)
  // The customer's changes hold for the packages info they were made on; a new one resets both switches [PR-26].
  const [changed, setChanged] = useState<{ on: PackagesInfo; choices: PackageChoices } | null>(null)
  const choices = changed?.on === info ? changed.choices : choicesFromInfo(info)
  const setChoices = (next: PackageChoices) => setChanged({ on: info, choices: next })
  const select = useSelectPackage()
  const run = useSingleFlight()
  const offer = offers.find((candidate) => candidate.productCount === months)
  const price = useFormatPrice()

  if (select.data !== undefined) {
    // Back to the offers as they were left; the order stays and the same choice answers it again.
    return <SelectedOrder orderId={select.data.orderId} invoice={select.data.invoice} onBack={() => select.reset()} />
  }
  return (
    <>
      <p data-testid="bundle-set" data-state={bundleSet.state}>
        {bundleSet.state === 'SUCCESS'
          ? t('older.bundleSet', { months: formatCount(bundleSet.offer.productCount, i18n.language) })
          : t('older.bundleSetFailed')}
      </p>
      <ul className="older-offers">
        {offers.map((candidate) => (
          <li key={candidate.productCount}>
            <label className={`choice-card${candidate.productCount === months ? ' choice-card--selected' : ''}`}>
              <input
                type="radio"
                name="offer"
                data-testid={`offer-${candidate.productCount}`}
                checked={candidate.productCount === months}
                onChange={() => setMonths(candidate.productCount)}
              />
              {t('older.months', { months: formatCount(candidate.productCount, i18n.language) })}{' '}
              <span className="older-offer__price" data-testid="offer-price">{price(offerTotalOf(candidate, choices.hami))}</span>
              {candidate.isBundleOffer && <strong> {t('older.bundleBadge')}</strong>}
            </label>
          </li>
        ))}
      </ul>
      <label className="older-switch">
        <input
          type="checkbox"
          role="switch"
          data-testid="hami-switch"
          checked={choices.hami}
          disabled={offer?.hasHami !== true}
          onChange={(event) => setChoices({ ...choices, hami: event.target.checked })}
        />
        {t('older.hami')}
      </label>
      {info.enablePoints && (
        <label className="older-switch">
          <input
            type="checkbox"
            role="switch"
            data-testid="points-switch"
            checked={choices.points}
            disabled={!info.canUsePoints}
            onChange={(event) => setChoices({ ...choices, points: event.target.checked })}
          />
          {t('older.points')} {t('older.pointsValue', { value: price(info.canUsePointsValue) })}
        </label>
      )}
      {select.isError && <PackageError failure={select.error} />}
      <button
        type="button"
        className="primary-button"
        data-testid="older-continue"
        disabled={offer === undefined || select.isPending}
        onClick={() => {
          if (offer === undefined) return
          const choice = { dietCount: offer.productCount, hasHami: choices.hami && offer.hasHami, hasPoints: choices.points, extend }
          run(() => select.mutateAsync(choice))
        }}
      >
        {t('older.continue')}
      </button>
    </>
  )
}

const codeSchema = z.object({ code: z.string().trim().min(1).max(64) })

/** What the order holds and costs: each product at its price, the points it spends and the payable total. */
function OrderSummary({ invoice }: { invoice: Invoice }) {
  const { t, i18n } = useTranslation()
  const price = useFormatPrice()
  return (
    <dl className="older-summary" data-testid="older-summary">
      {invoice.basketItems.map((item) => (
        <div key={item.id} className="older-summary__row" data-testid="older-summary-item">
          <dt>{shownTexts(item, i18n.language).title}</dt>
          <dd>{price(item.finalPrice, item.currency)}</dd>
        </div>
      ))}
      {invoice.userPointDeduction > 0 && (
        <div className="older-summary__row" data-testid="older-summary-points">
          <dt>{t('older.summaryPoints')}</dt>
          <dd>{price(invoice.userPointDeduction)}</dd>
        </div>
      )}
      <div className="older-summary__row older-summary__total">
        <dt>{t('older.summaryPayable')}</dt>
        <dd data-testid="older-payable">{price(invoice.totalPrice)}</dd>
      </div>
    </dl>
  )
}

/** The order made: what it holds and costs, the promotion code form, the shop's payment step and the way back. */
function SelectedOrder({ orderId, invoice, onBack }: { orderId: number; invoice: Invoice; onBack: () => void }) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const { apply, cancel } = usePromotionForm()
  // One code change at a time: applying and cancelling share the guard.
  const run = useSingleFlight()
  const [shown, setShown] = useState(invoice)
  const [usedDiscountId, setUsedDiscountId] = useState<number | undefined>()
  const [message, setMessage] = useState<string | undefined>()
  const form = useForm<z.infer<typeof codeSchema>>({ resolver: zodResolver(codeSchema), defaultValues: { code: '' } })
  // The server's sentence; a call that never reached it (lost connection, time limit) has only the browser's English.
  const showFailure = (failure: Error) => setMessage(apiMessageOr(failure, t('older.errors.problem')))
  const onApply = form.handleSubmit(({ code }) =>
    run(() =>
      apply.mutateAsync(
        { code: toLatinDigits(code), orderId },
        {
          onSuccess: (reply) => {
            setUsedDiscountId(reply.usedDiscountId)
            setShown(reply.invoice)
            // On tr screens this is the one-month subscription message [ER-63].
            setMessage(t('older.promotionApplied'))
          },
          onError: showFailure,
        },
      ),
    ),
  )
  const onCancel = () => {
    if (usedDiscountId === undefined) return
    run(() =>
      cancel.mutateAsync(usedDiscountId, {
        onSuccess: (reply) => {
          setUsedDiscountId(undefined)
          setShown(reply.invoice)
          setMessage(t('older.promotionCanceled'))
        },
        onError: showFailure,
      }),
    )
  }
  const pay = () => {
    writeSetting(ORDER_ID_KEY, String(orderId))
    void navigate(paths.checkoutNew)
  }
  return (
    <section className="older-order" data-testid="older-order">
      <h2 className="older-order__title">{t('older.summaryTitle')}</h2>
      <OrderSummary invoice={shown} />
      <form className="older-promotion" onSubmit={(event) => void onApply(event)}>
        <label>
          {t('older.promotionLabel')}
          <input data-testid="older-promotion-input" readOnly={usedDiscountId !== undefined} {...form.register('code')} />
        </label>
        {usedDiscountId === undefined ? (
          <button type="submit" data-testid="older-promotion-apply" disabled={apply.isPending}>
            {t('older.promotionApply')}
          </button>
        ) : (
          <button type="button" data-testid="older-promotion-cancel" disabled={cancel.isPending} onClick={onCancel}>
            {t('older.promotionCancel')}
          </button>
        )}
      </form>
      {message !== undefined && <p data-testid="older-promotion-message">{message}</p>}
      <button type="button" className="primary-button" data-testid="older-pay" onClick={pay}>
        {t('older.pay')}
      </button>
      <button type="button" className="older-back" data-testid="older-back" onClick={onBack}>
        {t('older.back')}
      </button>
    </section>
  )
}
