@ui
Feature: نگهبان مسیرها، پرچم‌های جلسه و بازدید صفحه‌ها
  Guard-call failures, /user-panel, the query flags copied into session storage and the page views
  recorded on the BFF (spec 1 §2, §4, §8; DECISIONS "Routing").

  @RG-37
  Scenario: وقتی بسته فعال بارگیری نمی‌شود پنل کاربر با ویژگی پنل روشن باز می‌شود
    Given مشتری با شماره "09121234567" وارد شده است
    When مشتری صفحه "/user-panel" را باز می‌کند
    Then مشتری به مسیر "/user-panel" می‌رسد
    And متن "پنل کاربری" دیده می‌شود

  @RG-37
  Scenario: وقتی بسته فعال بارگیری نمی‌شود پنل کاربر با ویژگی پنل خاموش به رژیم‌ها می‌رود
    Given مشتری با شماره "09121234567" وارد شده است
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
