@ui
Feature: پنجره انتخاب روش پرداخت
  The checkout's payment popup in Chromium against the real BFF and gateway simulators (spec 2 §4, §5, §7): Snapp
  Pay's eligibility when it opens, which methods it lists, what the pay button does and what the page sends; the
  simulators' request journal shows what the gateway itself then received from the BFF. Every scenario name ends
  with [پ۶] so `CUCUMBER_NAME='[پ۶]'` runs the payment-screen scenarios alone.

  Background:
    Given مشتری با شماره "09121234567" ثبت‌نام کرده است
    And مشتری "09121234567" سفارشی از محصولات "101" ساخته است
    And مشتری "09121234567" در مرورگر وارد شده است
    And سفارش "101" مشتری "09121234567" برای پرداخت انتخاب شده است

  @PM-38
  Scenario: شکست پرسش شایستگی اسنپ‌پی پنجره را باز می‌کند و اسنپ‌پی را ناشایست نشان می‌دهد [پ۶]
    Given در حافظه جلسه "isSnappEnabled" برابر "true" است
    And شبیه‌ساز "snapppay" سناریوی "invalid-mobile" را اجرا می‌کند
    When مشتری صفحه "/checkout-new" را باز می‌کند
    And مشتری دکمه پرداخت را می‌زند
    Then پنجره "انتخاب روش پرداخت" باز است
    And روش "snappPay" در پنجره پرداخت شایسته نیست و انتخاب نمی‌شود
    And روش "online" در پنجره پرداخت قابل انتخاب است

  @PM-47
  Scenario: فهرست paymentMethodsVisibility فقط روش‌های نام‌برده را نشان می‌دهد و all همه روش‌های روشن را [پ۶]
    Given در حافظه جلسه "isTaraEnabled" برابر "true" است
    And در حافظه جلسه "paymentMethodsVisibility" برابر "tara,c2c" است
    When مشتری صفحه "/checkout-new" را باز می‌کند
    And مشتری دکمه پرداخت را می‌زند
    Then روش‌های پنجره پرداخت به این ترتیب‌اند: "c2c, tara"
    When مقدار "paymentMethodsVisibility" در حافظه جلسه "all" می‌شود
    And مشتری صفحه "/checkout-new" را از نو باز می‌کند
    And مشتری دکمه پرداخت را می‌زند
    Then روش‌های پنجره پرداخت به این ترتیب‌اند: "online, c2c, tara"

  @CT-12
  Scenario: با همه روش‌های روشن، مقدارهای روش پرداخت مشتری ایرانی همان مقدارهای مشخصات‌اند [پ۶]
    Given در حافظه جلسه "isSnappEnabled" برابر "true" است
    And در حافظه جلسه "isTaraEnabled" برابر "true" است
    And در حافظه جلسه "isDigipayEnabled" برابر "true" است
    And در حافظه جلسه "isBluBankEnabled" برابر "true" است
    And در حافظه جلسه "isTallyEnabled" برابر "true" است
    When مشتری صفحه "/checkout-new" را باز می‌کند
    And مشتری دکمه پرداخت را می‌زند
    Then روش‌های پنجره پرداخت به این ترتیب‌اند: "online, c2c, snappPay, blubank, digipay, tara, tally"

  @PM-40
  Scenario: کارت به کارت به‌جای پیوند پرداخت فرم /pay-card را باز می‌کند [پ۶]
    When مشتری صفحه "/checkout-new" را باز می‌کند
    And مشتری دکمه پرداخت را می‌زند
    And مشتری روش "c2c" را در پنجره پرداخت انتخاب می‌کند
    And مشتری دکمه پرداخت پنجره را می‌زند
    Then مشتری به مسیر "/pay-card" با پارامترهای "serverType, usePoints, dietPrice" می‌رسد
    And شبیه‌ساز "vandar" هیچ پرداختی ندارد

  @PM-49 @PR-35 @PR-36
  Scenario Outline: پرداخت <method> نشانی نتیجه و موبایل بی‌صفر را می‌فرستد و درگاه <sim> موبایل را با صفر می‌گیرد [پ۶]
    Given در حافظه جلسه "isDigipayEnabled" برابر "true" است
    When مشتری صفحه "/checkout-new" را باز می‌کند
    And درخواست‌های صفحه با بدنه در حافظه جلسه ثبت می‌شوند
    And مشتری دکمه پرداخت را می‌زند
    And مشتری روش "<method>" را در پنجره پرداخت انتخاب می‌کند
    And مشتری دکمه پرداخت پنجره را می‌زند
    Then مرورگر به صفحه شبیه‌ساز "<sim>" رفته است
    And شبیه‌ساز "<sim>" موبایل را به شکل "09121234567" گرفته است
    And درخواست پرداخت صفحه موبایل "9121234567" و نشانی نتیجه "#/payment-result" را دارد

    Examples:
      | method  | sim     |
      | online  | vandar  |
      | digipay | digipay |

  @PR-37
  Scenario Outline: پرداخت <method> موبایل را با +98 به درگاه <sim> می‌فرستد [پ۶]
    Given در حافظه جلسه "<flag>" برابر "true" است
    When مشتری صفحه "/checkout-new" را باز می‌کند
    And مشتری دکمه پرداخت را می‌زند
    And مشتری روش "<method>" را در پنجره پرداخت انتخاب می‌کند
    And مشتری دکمه پرداخت پنجره را می‌زند
    Then مرورگر به صفحه شبیه‌ساز "<sim>" رفته است
    And شبیه‌ساز "<sim>" موبایل را به شکل "+989121234567" گرفته است

    Examples:
      | method   | sim      | flag             |
      | snappPay | snapppay | isSnappEnabled   |
      | blubank  | saman    | isBluBankEnabled |
      | tara     | tara     | isTaraEnabled    |

  @PM-50
  Scenario: بدون شناسه سفارش در حافظه جلسه هیچ پرداختی آغاز نمی‌شود [پ۶]
    When مشتری صفحه "/checkout-new" را باز می‌کند
    And درخواست‌های صفحه با بدنه در حافظه جلسه ثبت می‌شوند
    And مشتری دکمه پرداخت را می‌زند
    And مقدار "lemonadeOrderId" در حافظه جلسه "" می‌شود
    And مشتری دکمه پرداخت پنجره را می‌زند
    Then صفحه هیچ درخواست پرداختی نفرستاده است
    And شبیه‌ساز "vandar" هیچ پرداختی ندارد
    And مشتری به مسیر "/checkout-new" می‌رسد

  @PM-51
  Scenario: زدن دکمه پرداخت آن را در حال انتظار می‌گذارد و روش‌ها را قفل می‌کند [پ۶]
    When مشتری صفحه "/checkout-new" را باز می‌کند
    And مشتری دکمه پرداخت را می‌زند
    And پاسخ سرور به "/lemonade/api/payments" نمی‌رسد
    And مشتری دکمه پرداخت پنجره را می‌زند
    Then دکمه پرداخت پنجره در حال انتظار است و روش‌ها قفل‌اند

  @PM-53
  Scenario: نیمه آزمون اسنپ در حافظه جلسه می‌ماند و به شکل بولی روی سفارش ثبت می‌شود [پ۶]
    When مشتری صفحه "/checkout-new" را باز می‌کند
    Then meta سفارش "101" مشتری "09121234567" مقدار SNAPP_TEST_VAL حافظه جلسه را دارد

  Rule: سفارشی که امتیاز مشتری روی آن است
    Background:
      Given مشتری "09127654321" با 100 امتیاز ثبت‌نام کرده است
      And مشتری "09127654321" سفارشی از محصولات "101" ساخته است
      And مشتری "09127654321" امتیازش را روی سفارش "101" گذاشته است
      And مشتری "09127654321" در مرورگر وارد شده است
      And سفارش "101" مشتری "09127654321" برای پرداخت انتخاب شده است

    @ER-21 @PM-52
    Scenario: پاسخ 409 پیام امتیاز مصرف‌شده و بخش خطا را نشان می‌دهد و دکمه پرداخت دوباره آماده است [پ۶]
      When مشتری صفحه "/checkout-new" را باز می‌کند
      And مشتری دکمه پرداخت را می‌زند
      And مهلت امتیازهای نگه‌داشته‌شده گذشته است
      And مشتری دکمه پرداخت پنجره را می‌زند
      Then متن "شما قبلا امتیاز خود را برای پرداخت سفارش دیگری استفاده کرده اید." دیده می‌شود
      And بخش خطای پرداخت "خطا رخ داده است!" و "لطفا بعد از چند دقیقه دوباره تلاش کنید." را با دکمه "تلاش مجدد" نشان می‌دهد
      When مشتری دکمه پرداخت را می‌زند
      Then دکمه پرداخت پنجره آماده است

    @PM-37 @PR-34
    Scenario: باز شدن پنجره شایستگی اسنپ‌پی را با مبلغ قابل پرداخت ریالی می‌پرسد و اسنپ‌پی قابل انتخاب است [پ۶]
      Given در حافظه جلسه "isSnappEnabled" برابر "true" است
      When مشتری صفحه "/checkout-new" را باز می‌کند
      And درخواست‌های صفحه با بدنه در حافظه جلسه ثبت می‌شوند
      And مشتری دکمه پرداخت را می‌زند
      Then روش "snappPay" در پنجره پرداخت قابل انتخاب است
      And شایستگی اسنپ‌پی برای ده برابر مبلغ قابل پرداخت سفارش "101" مشتری "09127654321" پرسیده شده است
