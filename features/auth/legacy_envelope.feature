@ui
Feature: پاکت فراخوان‌های قدیمی در برنامه و شماره حساب در منوی کناری
  The web app reads the older auth calls (`/app/auth/logout`, `/app/auth/currentUser`) through their `{status, msg}`
  envelope: a non-200 status is an error with that code, a message and null details; a 200 whose status is `error` is a
  failure carrying its msg (spec 1 §7). Logout signs the device out whatever the server says, and the /logout page
  tells when the server did not confirm it. The side menu shows the account's number in Persian digits on a Persian screen, 09999999999 when none is set
  (spec 1 §5).

  @ER-13
  Scenario: خروجی که سرور با وضعیت ۵۰۳ رد می‌کند کد و پیام را نشان می‌دهد و تلاش دوباره آن را ثبت می‌کند
    Given مشتری با شماره "09121234567" وارد شده است
    When مشتری صفحه "/orders-history" را باز می‌کند
    And سرور یک بار به "/app/auth/logout" با وضعیت 503 و متن "Service Unavailable" پاسخ می‌دهد
    And مشتری منوی کناری را باز می‌کند
    And مشتری از منوی کناری خارج می‌شود
    Then مشتری به مسیر "/logout" می‌رسد
    And حافظه مرورگر خالی است
    And صفحه خروج خطای "Service Unavailable" با کد "503" را نشان می‌دهد
    When مشتری خروج را دوباره امتحان می‌کند
    Then صفحه خروج می‌گوید "خروج در سرور هم ثبت شد."

  @ER-13
  Scenario: پاسخ ۲۰۰ با وضعیت error شکست است و پیام msg آن نشان داده می‌شود
    Given مشتری با شماره "09121234567" وارد شده است
    When مشتری صفحه "/orders-history" را باز می‌کند
    And سرور به "/app/auth/logout" با وضعیت 200 و پاکت status "error" و msg "نشست شما پیدا نشد" پاسخ می‌دهد
    And مشتری منوی کناری را باز می‌کند
    And مشتری از منوی کناری خارج می‌شود
    Then مشتری به مسیر "/logout" می‌رسد
    And حافظه مرورگر خالی است
    And صفحه خروج خطای "نشست شما پیدا نشد" با کد "error" را نشان می‌دهد

  @ER-13
  Scenario: خروجی که سرور تأیید می‌کند خطایی نشان نمی‌دهد
    Given مشتری با شماره "09121234567" وارد شده است
    When مشتری صفحه "/orders-history" را باز می‌کند
    And مشتری منوی کناری را باز می‌کند
    And مشتری از منوی کناری خارج می‌شود
    Then مشتری به مسیر "/logout" می‌رسد
    And صفحه خروج خطایی نشان نمی‌دهد

  @AU-30
  Scenario: منوی کناری شماره حساب را از سرور با رقم‌های فارسی نشان می‌دهد
    Given مشتری با شماره "09121234567" وارد شده است
    When مشتری صفحه "/orders-history" را باز می‌کند
    And مشتری منوی کناری را باز می‌کند
    Then منوی کناری شماره حساب "۰۹۱۲۱۲۳۴۵۶۷" را نشان می‌دهد

  @AU-30 @ER-13
  Scenario: وقتی هیچ شماره‌ای معلوم نیست منوی کناری 09999999999 را نشان می‌دهد
    Given مشتری با شماره "09121234567" وارد شده است
    When مشتری صفحه "/orders-history" را باز می‌کند
    And سرور به "/app/auth/currentUser" با وضعیت 200 و پاکت status "error" و msg "کاربر پیدا نشد" پاسخ می‌دهد
    And مشتری منوی کناری را باز می‌کند
    Then منوی کناری شماره حساب "۰۹۹۹۹۹۹۹۹۹۹" را نشان می‌دهد
