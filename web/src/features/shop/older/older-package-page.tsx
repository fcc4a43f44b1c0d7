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
import { useFormatPrice } from '@/components/hooks/use-format-price'
import { useIsLoggedIn } from '@/components/hooks/use-is-logged-in'
import { useSingleFlight } from '@/components/hooks/use-single-flight'
import { ORDER_ID_KEY } from '../api/create-order'
import '../shop.css'
import './older.css'
import { usePackagesInfo, usePromotionForm, useSelectPackage, type LoadedPackages } from './api'
import {
  BUNDLE_ID_KEY,
  bundleSetOf,
  choicesFromInfo,
  dietPriceOf,
  initialOffer,
  NEED_LOGIN_FIRST,
  packageErrorKey,
  type PackageChoices,
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
        (packages.data.info.needPayment ? (
          <PackageOffers loaded={packages.data} />
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

function PackageOffers({ loaded }: { loaded: LoadedPackages }) {
  const { t, i18n } = useTranslation()
  const { info, extend } = loaded
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

  if (select.data !== undefined) return <SelectedOrder orderId={select.data.orderId} total={select.data.invoice.totalPrice} />
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
              <span className="older-offer__price" data-testid="offer-price">{price(dietPriceOf(candidate, choices.hami))}</span>
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

/** The order made: its payable total, the promotion code form, and the shop's payment step. */
function SelectedOrder({ orderId, total }: { orderId: number; total: number }) {
  const { t } = useTranslation()
  const price = useFormatPrice()
  const navigate = useNavigate()
  const { apply, cancel } = usePromotionForm()
  // One code change at a time: applying and cancelling share the guard.
  const run = useSingleFlight()
  const [payable, setPayable] = useState(total)
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
            setPayable(reply.invoice.totalPrice)
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
          setPayable(reply.invoice.totalPrice)
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
      <p data-testid="older-payable">{t('older.payable', { amount: price(payable) })}</p>
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
    </section>
  )
}
