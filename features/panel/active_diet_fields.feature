Feature: جزئیات بسته رژیم و هدف وزنی در پنل
  GET /app/diets/active answers, beside the status, the fields of spec 3 §3 "Diet (customer)" that the BFF knows:
  the order's payment (online or card to card, as finance reviewed it), how far the diet questions were answered, and
  the current diet's dates. Unknown fields are left out, never null. GET /app/physicalinfo/general adds the ideal
  weight (the top of the normal BMI band, or the customer's own goal weight when it lies inside the band), the BMI
  class and the months to the ideal weight at 10 days a kilogram. Set up as the product does it: purchases and
  payments over the API, finance's review, the diet-request form, the medical team's staff API. Product 101 is a
  single diet, 102 a package of three. Every scenario name starts with "جزئیات-رژیم".

  @in-process
  Scenario: جزئیات-رژیم: سفارشی که از درگاه پرداخت شده نوع پرداخت و زمان تایید آن را دارد
    Given مشتری "09121234567" سفارش "101" را از درگاه "VANDAR" پرداخت کرده است
    Then در بسته رژیم فعال مشتری "09121234567" hasPayment برابر "true" است
    And در بسته رژیم فعال مشتری "09121234567" paymentType برابر "VANDAR" است
    And در بسته رژیم فعال مشتری "09121234567" hasRequestedPaymentBefore برابر "true" است
    And در بسته رژیم فعال مشتری "09121234567" answerDietQuestion برابر "none" است
    And زمان‌های "lastPaymentRequestTime, paymentVerifiedTime" بسته رژیم فعال مشتری "09121234567" همین حالا هستند
    And بسته رژیم فعال مشتری "09121234567" این‌ها را ندارد: "userSelectedPaymentType, C2CPaymentStatus, id, issueDate"

  Scenario: جزئیات-رژیم: سفارش پرداخت‌نشده بی هیچ درخواست پرداختی
    Given مشتری "09121234567" سفارش پرداخت‌نشده "101" دارد
    Then در بسته رژیم فعال مشتری "09121234567" hasPayment برابر "false" است
    And در بسته رژیم فعال مشتری "09121234567" hasRequestedPaymentBefore برابر "false" است
    And بسته رژیم فعال مشتری "09121234567" این‌ها را ندارد: "paymentType, lastPaymentRequestTime, paymentVerifiedTime"

  @DS-09
  Scenario: جزئیات-رژیم: کارت به کارتی که واحد مالی هنوز بررسی نکرده، کارت انتخاب‌شده و در انتظار است
    Given مشتری "09121234567" سفارش پرداخت‌نشده "101" دارد
    And مشتری "09121234567" برای سفارش "101" پیش‌تر کارت به کارت ثبت کرده است
    Then در بسته رژیم فعال مشتری "09121234567" status برابر "TRANSACTION_VERIFCATION_WATING" است
    And در بسته رژیم فعال مشتری "09121234567" userSelectedPaymentType برابر "CARD" است
    And در بسته رژیم فعال مشتری "09121234567" C2CPaymentStatus برابر "PENDING" است
    And در بسته رژیم فعال مشتری "09121234567" hasPayment برابر "false" است
    And زمان‌های "lastPaymentRequestTime" بسته رژیم فعال مشتری "09121234567" همین حالا هستند
    And بسته رژیم فعال مشتری "09121234567" این‌ها را ندارد: "paymentType, paymentVerifiedTime"

  @DS-10
  Scenario: جزئیات-رژیم: کارت به کارتی که واحد مالی رد کرده تایید نشده است و نوع پرداختی ندارد
    Given مشتری "09121234567" سفارش پرداخت‌نشده "101" دارد
    And مشتری "09121234567" برای سفارش "101" پیش‌تر کارت به کارت ثبت کرده است
    And واحد مالی کارت به کارت سفارش "101" مشتری "09121234567" را رد کرده است
    Then در بسته رژیم فعال مشتری "09121234567" status برابر "TRANSACTION_UNVERIFIED" است
    And در بسته رژیم فعال مشتری "09121234567" C2CPaymentStatus برابر "UNVERIFIED" است
    And در بسته رژیم فعال مشتری "09121234567" userSelectedPaymentType برابر "CARD" است
    And در بسته رژیم فعال مشتری "09121234567" hasRequestedPaymentBefore برابر "true" است
    And بسته رژیم فعال مشتری "09121234567" این‌ها را ندارد: "paymentType, paymentVerifiedTime"

  Scenario: جزئیات-رژیم: کارت به کارتی که واحد مالی تایید کرده پرداخت کارت به کارت است
    Given مشتری "09121234567" سفارش پرداخت‌نشده "101" دارد
    And مشتری "09121234567" برای سفارش "101" پیش‌تر کارت به کارت ثبت کرده است
    And واحد مالی کارت به کارت سفارش "101" مشتری "09121234567" را تایید کرده است
    Then در بسته رژیم فعال مشتری "09121234567" hasPayment برابر "true" است
    And در بسته رژیم فعال مشتری "09121234567" paymentType برابر "C2C" است
    And در بسته رژیم فعال مشتری "09121234567" userSelectedPaymentType برابر "CARD" است
    And زمان‌های "paymentVerifiedTime" بسته رژیم فعال مشتری "09121234567" همین حالا هستند
    And بسته رژیم فعال مشتری "09121234567" این‌ها را ندارد: "C2CPaymentStatus"

  Scenario Outline: جزئیات-رژیم: فرم درخواست رژیم تا بخش <section> یعنی سوالات <answered> پاسخ داده شده است
    Given مشتری "09121234567" دوره "101" را خریده است
    And مشتری "09121234567" پاسخ‌های فرم درخواست رژیم را تا بخش "<section>" ذخیره کرده است
    Then در بسته رژیم فعال مشتری "09121234567" answerDietQuestion برابر "<answered>" است

    Examples:
      | section | answered  |
      | f3      | some      |
      | f10     | completed |

  Scenario: جزئیات-رژیم: رژیم نوشته‌شده تاریخ‌های صدور، ارسال به متخصص، آغاز و پایان خود و بسته را دارد
    Given مشتری "09121234567" دوره "101" را خریده است
    And مشتری "09121234567" رژیم بسته خریده‌شده‌اش را با پرونده پزشکی درخواست کرده است
    And متخصصان رژیم سفارش "101" مشتری "09121234567" را نوشته‌اند و 10 روز از آغاز آن گذشته است
    Then در بسته رژیم فعال مشتری "09121234567" answerDietQuestion برابر "completed" است
    And در بسته رژیم فعال مشتری "09121234567" period برابر "30" است
    And در بسته رژیم فعال مشتری "09121234567" referTimes برابر "1" است
    And در بسته رژیم فعال مشتری "09121234567" isActive برابر "true" است
    And زمان‌های "issueDate, sendToDrDate, submitDate" بسته رژیم فعال مشتری "09121234567" همین حالا هستند
    And expireDietDate بسته رژیم فعال مشتری "09121234567" حدود 20 روز دیگر است
    And expirePackageAt بسته رژیم فعال مشتری "09121234567" حدود 20 روز دیگر است

  Scenario: جزئیات-رژیم: پایان بسته سه‌رژیمی تا نوشته شدن رژیم آخرش معلوم نیست
    Given مشتری "09121234567" دوره "102" را خریده است
    And مشتری "09121234567" رژیم بسته خریده‌شده‌اش را با پرونده پزشکی درخواست کرده است
    And متخصصان رژیم سفارش "102" مشتری "09121234567" را نوشته‌اند و 10 روز از آغاز آن گذشته است
    Then expireDietDate بسته رژیم فعال مشتری "09121234567" حدود 20 روز دیگر است
    And بسته رژیم فعال مشتری "09121234567" این‌ها را ندارد: "expirePackageAt"

  Scenario: جزئیات-رژیم: وزن ایده‌آل بالای بازه طبیعی است مگر هدف خود مشتری در آن بازه باشد
    Given مشتری "09121234567" دوره "101" را خریده است
    When مشتری "09121234567" پرونده پزشکی کامل گفتگوی "5b0e3a8c-2f4d-4c1e-9a7b-1d2e3f4a5b6c" را با این پاسخ‌ها می‌فرستد:
      """
      {"general": {"gender": "FEMALE", "age": 34}, "body": {"weight": 80, "stature": 165}}
      """
    Then مشخصات بدنی مشتری "09121234567" وزن ایده‌آل 68، رده BMI "OVERWEIGHT" و 4 ماه تا وزن ایده‌آل دارد
    Given مشتری "09121234567" در پرسشنامه betterme وزن 80 و وزن هدف 62 کیلوگرم را پاسخ داده است
    Then مشخصات بدنی مشتری "09121234567" وزن ایده‌آل 62، رده BMI "OVERWEIGHT" و 6 ماه تا وزن ایده‌آل دارد
    Given مشتری "09121234567" در پرسشنامه betterme وزن 80 و وزن هدف 45 کیلوگرم را پاسخ داده است
    Then مشخصات بدنی مشتری "09121234567" وزن ایده‌آل 68، رده BMI "OVERWEIGHT" و 4 ماه تا وزن ایده‌آل دارد
