Feature: هر سفارش حداکثر یک بار پول می‌گیرد
  Money safety through the real BFF and the gateway simulators: an order has at most one live payment.
  A second start with the same gateway and amount (a second tab, a double tap, with or without its own
  Idempotency-Key) answers the same payment link; a start with another gateway replaces the live payment, which is
  then never verified. Money a gateway took that the order must not keep goes back: the gateway's own reverse call
  (REVERSED) where it has one, else finance's refund queue (REFUND_DUE), settled by hand (REFUNDED). The customer
  is told by SMS and sees the refund under the order in the orders history.

  A duplicate is built the simplest honest way: the order is paid through the gateway, then its payment is put
  back to CALLBACK_RECEIVED after one verify attempt, as if the verify answer had been lost while the order got
  paid; the sweeper (run at once here) verifies it again, finds the order paid and gives the money back.

  A payment whose verifies go unanswered (the gateway may hold the money) is asked about for a day, then expires
  and waits in finance's queue of unanswered payments until someone asks the gateway by hand: taken, the money goes
  back (REFUND_DUE); not taken, it stays EXPIRED.

  No rule of shared/rules.md states these (they are the shop's own money safety), so the scenarios carry no rule tag.

  @in-process
  Scenario Outline: تب دوم همان پرداخت را می‌گیرد: دو آغاز با درگاه <method> یک پیوند و یک پرداخت دارند
    Given مشتری "09121234567" با 100 امتیاز سفارش محصول 101 را ساخته و امتیاز را روی آن گذاشته است
    When مشتری با روش "<method>" و کلید تکرار "tab-1" پرداخت را آغاز می‌کند
    And مشتری با روش "<method>" و کلید تکرار "tab-2" پرداخت را آغاز می‌کند
    And مشتری با روش "<method>" پرداخت را آغاز می‌کند
    Then همه آغازهای پرداخت همان پیوند پرداخت را گرفته‌اند
    And سفارش دقیقا 1 پرداخت دارد
    And شبیه‌ساز "<sim>" دقیقا یک پرداخت دارد
    When مشتری در صفحه درگاه دکمه "pay" را می‌زند
    Then مرورگر با وضعیت "OK" به صفحه نتیجه سفارش برمی‌گردد
    And سفارش دقیقا یک بار پرداخت شده است
    And شبیه‌سازها روی هم دقیقا یک پرداخت را نگه داشته‌اند

    Examples:
      | method      | sim    |
      | VANDAR      | vandar |
      | LIMOO_SAMAN | saman  |

  @in-process
  Scenario Outline: پرداخت جایگزین‌شده‌ای که دیر پرداخت شود نگه داشته نمی‌شود (پرداخت جایگزین‌شده <when>)
    Given مشتری "09121234567" با 100 امتیاز سفارش محصول 101 را ساخته و امتیاز را روی آن گذاشته است
    When مشتری با روش "VANDAR" پرداخت را آغاز می‌کند
    And مشتری با روش "PAYPING" پرداخت را آغاز می‌کند
    Then پرداخت‌های سفارش "FAILED، REDIRECTED" هستند
    When مشتری در صفحه درگاه آغاز <first> دکمه "pay" را می‌زند
    And مشتری در صفحه درگاه آغاز <second> دکمه "pay" را می‌زند
    And جاروب پرداخت‌ها با مهلت انقضای 60 دقیقه اجرا می‌شود
    Then سفارش دقیقا یک بار پرداخت شده است
    And پرداخت‌های سفارش "FAILED، VERIFIED" هستند
    And وضعیت امتیاز سفارش "USED" است
    And شبیه‌سازها روی هم دقیقا یک پرداخت را نگه داشته‌اند

    Examples:
      | when  | first | second |
      | اول   | 1     | 2      |
      | آخر   | 2     | 1      |

  @in-process
  Scenario: پرداخت تکراری که درگاه سامان تایید کرده برگشت می‌خورد و در تاریخچه سفارش‌ها دیده می‌شود
    Given مشتری "09121234567" با 100 امتیاز سفارش محصول 101 را ساخته و امتیاز را روی آن گذاشته است
    When مشتری با روش "LIMOO_SAMAN" پرداخت را آغاز می‌کند
    And مشتری در صفحه درگاه دکمه "pay" را می‌زند
    Then سفارش دقیقا یک بار پرداخت شده است
    Given پاسخ تایید پرداخت سفارش گم شده است و سفارش پرداخت‌شده مانده است
    When جاروب پرداخت‌ها با مهلت انقضای 60 دقیقه اجرا می‌شود
    Then آخرین پرداخت سفارش "REVERSED" است
    And پرداخت شبیه‌ساز "saman" در مرحله "reversed" است
    And سفارش دقیقا یک بار پرداخت شده است
    And پیامک مشتری می‌گوید مبلغ پرداخت "به کارت شما برگشت داده شد"
    And تاریخچه سفارش‌های مشتری بازپرداخت "REVERSED" پرداخت سفارش را نشان می‌دهد
    And پرداخت سفارش در فهرست بازپرداخت‌های "REVERSED" واحد مالی است
    And پرداخت سفارش در فهرست بازپرداخت‌های "REFUND_DUE" واحد مالی نیست

  @in-process
  Scenario: پرداخت تکراری در وندار که برگشت خودکار ندارد در صف واحد مالی می‌ماند تا بازپرداخت شود
    Given مشتری "09121234567" با 100 امتیاز سفارش محصول 101 را ساخته و امتیاز را روی آن گذاشته است
    When مشتری با روش "VANDAR" پرداخت را آغاز می‌کند
    And مشتری در صفحه درگاه دکمه "pay" را می‌زند
    Then سفارش دقیقا یک بار پرداخت شده است
    Given پاسخ تایید پرداخت سفارش گم شده است و سفارش پرداخت‌شده مانده است
    When جاروب پرداخت‌ها با مهلت انقضای 60 دقیقه اجرا می‌شود
    Then آخرین پرداخت سفارش "REFUND_DUE" است
    And سفارش دقیقا یک بار پرداخت شده است
    And پیامک مشتری می‌گوید مبلغ پرداخت "ظرف سه روز کاری توسط واحد مالی"
    And تاریخچه سفارش‌های مشتری بازپرداخت "REFUND_DUE" پرداخت سفارش را نشان می‌دهد
    And پرداخت سفارش در فهرست بازپرداخت‌های "REFUND_DUE" واحد مالی است
    When واحد مالی با نام "مریم احمدی" بازپرداخت پرداخت سفارش را ثبت می‌کند
    Then آخرین پرداخت سفارش "REFUNDED" است
    And بازپرداخت پرداخت سفارش به نام "مریم احمدی" ثبت شده است
    And پرداخت سفارش در فهرست بازپرداخت‌های "REFUND_DUE" واحد مالی نیست
    And تاریخچه سفارش‌های مشتری بازپرداخت "REFUNDED" پرداخت سفارش را نشان می‌دهد

  @in-process
  Scenario: پرداختی که درگاه یک روز تأییدش را بی‌پاسخ گذاشت در صف بررسی واحد مالی می‌ماند و اگر پول برداشته شده بود بازپرداخت می‌شود
    Given مشتری "09121234567" با 100 امتیاز سفارش محصول 101 را ساخته و امتیاز را روی آن گذاشته است
    And شبیه‌ساز "VANDAR" سناریوی "malformed-body" را اجرا می‌کند
    When مشتری با روش "VANDAR" پرداخت را آغاز می‌کند
    And مشتری در صفحه درگاه دکمه "pay" را می‌زند
    Then آخرین پرداخت سفارش "CALLBACK_RECEIVED" است
    And پرداخت سفارش در صف پرداخت‌های بی‌پاسخ واحد مالی نیست
    When یک روز می‌گذرد و درگاه "VANDAR" به جاروب پرداخت‌ها پاسخ نمی‌دهد
    Then آخرین پرداخت سفارش "EXPIRED" است
    And سفارش هیچ‌بار پرداخت نشده است
    And پرداخت سفارش در صف پرداخت‌های بی‌پاسخ واحد مالی است
    When واحد مالی با نام "مریم احمدی" ثبت می‌کند که درگاه پول پرداخت سفارش را "برداشته است"
    Then پاسخ موفق است
    And آخرین پرداخت سفارش "REFUND_DUE" است
    And پیامک مشتری می‌گوید مبلغ پرداخت "درگاه پرداخت آن را تأیید نکرد"
    And پرداخت سفارش در فهرست بازپرداخت‌های "REFUND_DUE" واحد مالی است
    And پرداخت سفارش در صف پرداخت‌های بی‌پاسخ واحد مالی نیست
    When واحد مالی با نام "علی رضایی" ثبت می‌کند که درگاه پول پرداخت سفارش را "برنداشته است"
    Then پاسخ خطای 409 با کد "409" است
    And آخرین پرداخت سفارش "REFUND_DUE" است

  @in-process
  Scenario: پرداخت بی‌پاسخی که درگاه پولش را برنداشته بود پس از بررسی واحد مالی منقضی می‌ماند
    Given مشتری "09121234567" با 100 امتیاز سفارش محصول 101 را ساخته و امتیاز را روی آن گذاشته است
    And شبیه‌ساز "VANDAR" سناریوی "malformed-body" را اجرا می‌کند
    When مشتری با روش "VANDAR" پرداخت را آغاز می‌کند
    And مشتری در صفحه درگاه دکمه "pay" را می‌زند
    And یک روز می‌گذرد و درگاه "VANDAR" به جاروب پرداخت‌ها پاسخ نمی‌دهد
    Then پرداخت سفارش در صف پرداخت‌های بی‌پاسخ واحد مالی است
    When واحد مالی با نام "مریم احمدی" ثبت می‌کند که درگاه پول پرداخت سفارش را "برنداشته است"
    Then پاسخ موفق است
    And آخرین پرداخت سفارش "EXPIRED" است
    And پرداخت سفارش در صف پرداخت‌های بی‌پاسخ واحد مالی نیست
    And پرداخت سفارش در فهرست بازپرداخت‌های "REFUND_DUE" واحد مالی نیست

  @ui
  Scenario: صفحه تاریخچه سفارش‌ها زیر سفارش می‌گوید پول پرداخت تکراری به کارت برگشت داده شد
    Given مشتری "09121234567" با 100 امتیاز سفارش محصول 101 را ساخته و امتیاز را روی آن گذاشته است
    When مشتری با روش "LIMOO_SAMAN" پرداخت را آغاز می‌کند
    And مشتری در صفحه درگاه دکمه "pay" را می‌زند
    Given پاسخ تایید پرداخت سفارش گم شده است و سفارش پرداخت‌شده مانده است
    When جاروب پرداخت‌ها با مهلت انقضای 60 دقیقه اجرا می‌شود
    Given مشتری "09121234567" در مرورگر وارد شده است
    When مشتری صفحه "/orders-history" را باز می‌کند
    Then زیر سفارش در صفحه تاریخچه خط بازپرداخت "مبلغ {مبلغ} تومان از پرداخت تکراری به کارت شما برگشت داده شد" دیده می‌شود
