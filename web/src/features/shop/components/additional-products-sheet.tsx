import { useTranslation } from 'react-i18next'
import { BottomSheet } from '@/components/ui/bottom-sheet'

interface AdditionalProductsSheetProps {
  open: boolean
  onClose: () => void
  onComplete: () => void
}

/** The additional-products popup opened by 'ادامه خرید' for mentor-allowed products [PM-15]. */
export function AdditionalProductsSheet({ open, onClose, onComplete }: AdditionalProductsSheetProps) {
  const { t } = useTranslation()
  return (
    <BottomSheet open={open} title={t('shop.additional.title')} closeLabel={t('shop.additional.close')} onClose={onClose}>
      <p className="additional-products__body">{t('shop.additional.body')}</p>
      <button type="button" className="shop-footer__button" onClick={onComplete}>
        {t('shop.additional.complete')}
      </button>
    </BottomSheet>
  )
}
