@ui
Feature: نگهبان مسیرها، پرچم‌های جلسه و بازدید صفحه‌ها
  Guard-call failures, /user-panel, the query flags copied into session storage and the page views
  recorded on the BFF (spec 1 §2, §4, §8; DECISIONS "Routing").

  @RG-37
  Scenario: وقتی بسته فعال بارگیری نمی‌شود پنل کاربر با ویژگی پنل روشن باز می‌شود
    Given مشتری با شماره "09121234567" وارد شده است
    And پایگاه داده فروشگاه در دسترس نیست
    When مشتری صفحه "/user-panel" را باز می‌کند
    Then مشتری به مسیر "/user-panel" می‌رسد
    And متن "پنل کاربری" دیده می‌شود

  @RG-37
  Scenario: وقتی بسته فعال بارگیری نمی‌شود پنل کاربر با ویژگی پنل خاموش به رژیم‌ها می‌رود
    Given مشتری با شماره "09121234567" وارد شده است
    And پایگاه داده فروشگاه در دسترس نیست
    When مشتری صفحه "/user-panel?userPanelEnabled=false" را باز می‌کند
    Then مشتری به مسیر "/diets" می‌رسد

  @RG-34
  Scenario: مشتری بدون سفارش رژیم پرداخت‌شده از پنل کاربر به انتخاب دوره می‌رود
    Given مشتری با شماره "09121234567" وارد شده است
    And مشتری "09121234567" سفارشی از محصولات "101" ساخته است
    When مشتری صفحه "/user-panel" را باز می‌کند
    Then مشتری به مسیر "/select-package-f/1" می‌رسد

  # FREE100 takes the whole price off, so finalizing pays the order: its package is answering questions.
  @RG-35
  Scenario: مشتری با رژیم پرداخت‌شده وارد پنل کاربر می‌شود
    Given مشتری با شماره "09121234567" وارد شده است
    And مشتری "09121234567" سفارشی از محصولات "101" ساخته است
    And مشتری "09121234567" کد تخفیف "FREE100" را روی سفارش "101" ثبت کرده است
    And مشتری "09121234567" سفارش "101" را نهایی کرده است
    When مشتری صفحه "/user-panel" را باز می‌کند
    Then مشتری به مسیر "/user-panel" می‌رسد
    And متن "پنل کاربری" دیده می‌شود

  @RG-36
  Scenario: مشتری با رژیم پرداخت‌شده و ویژگی پنل خاموش به رژیم‌ها می‌رود
    Given مشتری با شماره "09121234567" وارد شده است
    And مشتری "09121234567" سفارشی از محصولات "101" ساخته است
    And مشتری "09121234567" کد تخفیف "FREE100" را روی سفارش "101" ثبت کرده است
    And مشتری "09121234567" سفارش "101" را نهایی کرده است
    When مشتری صفحه "/user-panel?userPanelEnabled=false" را باز می‌کند
    Then مشتری به مسیر "/diets" می‌رسد

  @RG-39
  Scenario Outline: مقدار پرسش‌وجو در حافظه جلسه نگه داشته می‌شود
    Given فروشگاه کاتالوگ نمایشی را دارد
    When مشتری صفحه "/result?<key>=<value>" را باز می‌کند
    Then در حافظه جلسه "<key>" برابر "<value>" است

    Examples:
      | key             | value    |
      | productsTag     | KONKUR   |
      | utm_source      | google   |
      | utm_campaign    | yalda    |
      | landing         | NOWRUZ   |
      | isOperatorTheme | true     |
      | sPCRequireAuth  | false    |

  @RG-40
  Scenario: صفحه‌ای که نمایش داده می‌شود بازدید ثبت می‌کند و مسیر فقط‌هدایت‌کننده نه
    Given مشتری با شماره "09121234567" وارد شده است
    When مشتری صفحه "/select-package-c" را باز می‌کند
    Then بازدید صفحه "/select-package-c" برای این جلسه ثبت شده است
    When مشتری صفحه "/checkout" را باز می‌کند
    Then مشتری به مسیر "/checkout-new" می‌رسد
    And بازدید صفحه "/checkout-new" برای این جلسه ثبت شده است
    And بازدید صفحه "/checkout" برای این جلسه ثبت نشده است

  @RG-30
  Scenario: لندینگ قدیمی رژیم نشانگر لندینگ را پاک و برچسب DIET را تنظیم می‌کند
    Given فروشگاه کاتالوگ نمایشی را دارد
    And در حافظه جلسه "landing" برابر "KONKUR" است
    When مشتری صفحه "/bm_12" را باز می‌کند
    Then در حافظه جلسه "source" برابر "LEMONADE" است
    And در حافظه جلسه "productsTag" برابر "DIET" است
    And در حافظه جلسه "landing" نیست

  # Spec 3 §2 maps only /bm_f1 … /bm_f17; any other old landing id starts that questionnaire, keeping the effects.
  @RG-30
  Scenario: لندینگ قدیمی رژیم با شناسه‌ای بیرون از bm_f1 تا bm_f17 به گام اول پرسشنامه می‌رود، نه صفحه موقت
    Given فروشگاه کاتالوگ نمایشی را دارد
    When مشتری صفحه "/bm_12" را باز می‌کند
    Then مشتری به مسیر "/bm_f1" می‌رسد
    And در حافظه جلسه "productsTag" برابر "DIET" است
    When بازدیدکننده گزینه "MALE" را انتخاب می‌کند
    Then مشتری به مسیر "/bm_f2" می‌رسد
    When مشتری صفحه "/bm_f18" را باز می‌کند
    Then مشتری به مسیر "/bm_f1" می‌رسد

  @RG-31
  Scenario: گام اول کنکور پاسخ‌های قبلی را پاک و برچسب KONKUR را تنظیم می‌کند
    Given فروشگاه کاتالوگ نمایشی را دارد
    And در حافظه جلسه "user_answers" برابر "{}" است
    When مشتری صفحه "/konkur/kn_1" را باز می‌کند
    Then در حافظه جلسه "productsTag" برابر "KONKUR" است
    And در حافظه جلسه "user_answers" نیست

  @RG-32
  Scenario: آزمون روان‌شناسی برچسب MIND را تنظیم می‌کند
    Given فروشگاه کاتالوگ نمایشی را دارد
    When مشتری صفحه "/psychology-result" را باز می‌کند
    Then در حافظه جلسه "productsTag" برابر "MIND" است

  @RG-33
  Scenario: در عمل، پنل کاربر از لندینگ در مرحله پرداخت و بدون آن در مرحله پرسش‌ها باز می‌شود
    Given مشتری با شماره "09121234567" وارد شده است
    And مشتری "09121234567" سفارشی از محصولات "101" ساخته است
    And مشتری "09121234567" کد تخفیف "FREE100" را روی سفارش "101" ثبت کرده است
    And مشتری "09121234567" سفارش "101" را نهایی کرده است
    When مشتری صفحه "/user-panel?from=landing" را باز می‌کند
    Then پنل کاربر در مرحله PAYMENT باز است
    When مشتری صفحه "/user-panel" را باز می‌کند
    Then پنل کاربر در مرحله QUESTIONS باز است
    When مشتری صفحه "/user-panel?from=sms" را باز می‌کند
    Then پنل کاربر در مرحله QUESTIONS باز است
