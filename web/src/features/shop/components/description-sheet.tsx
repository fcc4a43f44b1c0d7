import { useTranslation } from 'react-i18next'
import { BottomSheet } from '@/components/ui/bottom-sheet'
import type { Product } from '../types'

/** The bottom popup with a product's description [PM-09]; paragraphs are the description's lines. */
export function DescriptionSheet({ product, onClose }: { product: Product | null; onClose: () => void }) {
  const { t } = useTranslation()
  const paragraphs = (product?.description ?? '').split('\n').filter((line) => line.trim() !== '')
  return (
    <BottomSheet open={product !== null} title={product?.title ?? ''} closeLabel={t('shop.description.close')} onClose={onClose}>
      <div className="description-sheet" data-testid="description-popup">
        {paragraphs.map((paragraph, index) => (
          <p key={index}>{paragraph}</p>
        ))}
      </div>
    </BottomSheet>
  )
}
