import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Navigate, useLocation, useNavigate, useParams, useSearchParams } from 'react-router'
import { paths, withQuery } from '@/config/paths'
import { useConfirmOrder } from '../../api/create-order'
import { NetworkErrorSection } from '../../components/network-error-section'
import { SocialProofToast } from '../../components/social-proof-toast'
import {
  choicesBefore,
  chooseOnPage,
  chosenProductIds,
  readChoices,
  writeChoices,
  type Choices,
  type PageChoice,
} from '../domain/choices'
import { footerLines, footerTotal } from '../domain/footer'
import { pageChoice, visibleOptions } from '../domain/options'
import { firstPageAddress, pageDecision } from '../domain/page-rules'
import { useWizardConfig, type PackageFetchState } from '../hooks/use-wizard-config'
import type { WizardConfig, WizardOption } from '../types'
import { DeclineCard, OptionCard } from './option-card'
import { TopMedia } from './top-media'
import { WizardFooter } from './wizard-footer'
import { WizardTopNav } from './wizard-top-nav'
import '../../shop.css'
import '../wizard.css'

function FetchStateView({ state, retry }: { state: Exclude<PackageFetchState, 'SUCCEED'>; retry?: () => void }) {
  const { t } = useTranslation()
  return (
    <>
      <h1 className="page-title wizard-middle__title">{t('shop.heading')}</h1>
      {state === 'FAILED' ? (
        <div className="status-line status-line--error" role="alert" data-testid="wizard-error">
          <p>{t('shop.error')}</p>
          {retry ? (
            <button type="button" className="network-error__retry" data-testid="wizard-retry" onClick={retry}>
              {t('shop.networkError.retry')}
            </button>
          ) : null}
        </div>
      ) : (
        <p className="status-line" role="status" data-testid="wizard-loading">
          {t('shop.loading')}
        </p>
      )}
    </>
  )
}

interface WizardPageViewProps {
  config: WizardConfig
  configId: string
  id: string | undefined
  search: URLSearchParams
  backUrl: string
}

/** One page of the wizard: top media, middle content with the visible options, footer (spec 2 §2, §4). */
function WizardPageView({ config, configId, id, search, backUrl }: WizardPageViewProps) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const group = useId()
  const headingId = useId()
  const [choices, setChoices] = useState<Choices>(readChoices)
  const order = useConfirmOrder(backUrl)

  if (config.pages.length === 0) {
    return (
      <p className="status-line" role="status" data-testid="wizard-empty">
        {t('shop.empty')}
      </p>
    )
  }
  // The route loader applied RG-41 and RG-43 already; the page count is known only now [RG-42].
  const decision = pageDecision(id, choices, config.pages.length)
  if (decision.kind !== 'show') return <Navigate to={firstPageAddress(decision, search)} replace />

  const { page } = decision
  const current = config.pages[page - 1]
  const earlier = choicesBefore(choices, page)
  const visible = current ? visibleOptions(current.options, earlier, config.products) : []
  const optional = current?.optional ?? false
  const chosen = pageChoice(visible, choices[String(page)], optional)
  const lines = footerLines(chosen === undefined ? earlier : { ...earlier, [page]: chosen }, config.products)
  const lastPage = page === config.pages.length

  const store = (choice: PageChoice): Choices => {
    const next = chooseOnPage(choices, page, choice)
    writeChoices(next)
    setChoices(next)
    return next
  }

  const onAction = () => {
    if (chosen === undefined) return
    // The default choice is stored on the way on; an unchanged stored choice keeps the later pages' choices.
    const stored = choices[String(page)] === chosen ? choices : store(chosen)
    if (lastPage) {
      order.confirm({ productIds: chosenProductIds(choicesBefore(stored, page + 1)), meta: { SPV: 'F', configId } })
    } else {
      void navigate(withQuery(paths.selectPackageF(page + 1), search))
    }
  }

  const middle = current?.middleContent
  const subtitle = middle?.subtitle?.trim()
  return (
    <>
      {current?.topContent ? <TopMedia content={current.topContent} /> : null}
      <section className="wizard-middle">
        <h1 className="page-title wizard-middle__title" id={headingId}>
          {middle?.title?.trim() || t('shop.heading')}
        </h1>
        {subtitle ? <p className="wizard-middle__subtitle">{subtitle}</p> : null}
        {visible.length > 0 || optional ? (
          <div className="wizard-options" role="radiogroup" aria-labelledby={headingId}>
            {optional ? <DeclineCard group={group} checked={chosen === null} onChoose={() => store(null)} /> : null}
            {visible.map((option: WizardOption) => {
              const product = config.products[String(option.productId)]
              return product ? (
                <OptionCard
                  key={option.productId}
                  option={option}
                  product={product}
                  group={group}
                  checked={option.productId === chosen}
                  onChoose={(picked) => store(picked.productId)}
                />
              ) : null
            })}
          </div>
        ) : (
          <p className="status-line" role="status" data-testid="wizard-empty">
            {t('shop.empty')}
          </p>
        )}
      </section>
      {order.state === 'FAIL' ? <NetworkErrorSection onRetry={order.retry} /> : null}
      <WizardFooter
        lines={lines}
        total={footerTotal(lines)}
        action={lastPage ? 'complete' : 'next'}
        disabled={chosen === undefined}
        busy={order.state === 'PENDING'}
        onAction={onAction}
      />
    </>
  )
}

/** select-package-f/{id}: the multi-page package wizard (spec 2 §2 "Select-package-f"). */
export function SelectPackageFPage() {
  const { id } = useParams()
  const [search] = useSearchParams()
  const { pathname } = useLocation()
  const wizard = useWizardConfig(search.get('configId'))
  const page = Number(id)

  return (
    <div className="select-package-f" data-testid="select-package-f" data-state={wizard.state} data-page={page}>
      {page > 1 ? (
        <WizardTopNav page={page} pageCount={wizard.state === 'SUCCEED' ? wizard.config.pages.length : null} search={search} />
      ) : (
        <SocialProofToast />
      )}
      {wizard.state === 'SUCCEED' ? (
        <WizardPageView
          key={wizard.configId}
          config={wizard.config}
          configId={wizard.configId}
          id={id}
          search={search}
          backUrl={withQuery(pathname, search)}
        />
      ) : (
        <FetchStateView state={wizard.state} retry={wizard.state === 'FAILED' ? wizard.retry : undefined} />
      )}
    </div>
  )
}
