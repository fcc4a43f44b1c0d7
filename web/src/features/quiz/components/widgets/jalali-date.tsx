import { JalaliDateSelect } from '@/components/ui/jalali-date-select'
import type { WidgetProps } from './widget-props'

/** A Jalali date as day, month and year selects; the answer is the Gregorian day, set once all three are chosen. */
export function JalaliDateField({ question, value, onChange, invalid, labelId, errorId }: WidgetProps) {
  const props = question.answerUIComponent.type === 'date' ? question.answerUIComponent.props : { fromYear: 1300, toYear: 1410 }
  return (
    <JalaliDateSelect
      value={typeof value === 'string' ? value : null}
      onChange={onChange}
      fromYear={props.fromYear}
      toYear={props.toYear}
      newestFirst
      testIdPrefix="date"
      invalid={invalid}
      labelledBy={labelId}
      describedBy={errorId}
    />
  )
}
