Feature: شکل شماره موبایل در درخواست درگاه
  The international gateway is offered in the popup only to foreign customers, whose numbers are not Iranian;
  an Iranian number reaches Gumroad only through the API, checked here on the simulator's journal (spec 2 §5).
  Every scenario name ends with [پ۶].

  @PR-37 @in-process
  Scenario: گامرود شماره ایرانی را با +98 می‌گیرد [پ۶]
    Given مشتری "09121234567" سفارش محصول 101 را بدون امتیاز ساخته است
    When مشتری با روش "LIMOO_GUMROAD" پرداخت را آغاز می‌کند
    And مشتری در صفحه درگاه دکمه "pay" را می‌زند
    Then شبیه‌ساز "gumroad" موبایل را به شکل "+989121234567" گرفته است

  @PR-36 @in-process
  Scenario Outline: درگاه <method> شماره را با صفر آغاز می‌گیرد [پ۶]
    Given مشتری "09121234567" سفارش محصول 101 را بدون امتیاز ساخته است
    When مشتری با روش "<method>" پرداخت را آغاز می‌کند
    And مشتری در صفحه درگاه دکمه "pay" را می‌زند
    Then شبیه‌ساز "<sim>" موبایل را به شکل "09121234567" گرفته است

    Examples:
      | method        | sim     |
      | online        | vandar  |
      | LIMOO_DIGIPAY | digipay |

  @PR-37 @in-process
  Scenario Outline: درگاه <method> شماره ایرانی را با +98 می‌گیرد [پ۶]
    Given مشتری "09121234567" سفارش محصول 101 را بدون امتیاز ساخته است
    When مشتری با روش "<method>" پرداخت را آغاز می‌کند
    And مشتری در صفحه درگاه دکمه "pay" را می‌زند
    Then شبیه‌ساز "<sim>" موبایل را به شکل "+989121234567" گرفته است

    Examples:
      | method      | sim      |
      | SNAPP_PAY   | snapppay |
      | LIMOO_SAMAN | saman    |
      | LIMOO_TARA  | tara     |
