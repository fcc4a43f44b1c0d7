@ui
Feature: مسیرهایی که فقط هدایت می‌کنند
  The hash router's redirect-only routes (spec 1 §2, DECISIONS "Routing").

  Background:
    Given مشتری با شماره "09121234567" وارد شده است

  @RG-01
  Scenario: مسیر ناشناخته به مرحله اول انتخاب بسته می‌رود
    When مشتری صفحه "/no-such-page" را باز می‌کند
    Then مشتری به مسیر "/select-package-f/1" می‌رسد

  @RG-13
  Scenario Outline: صفحه‌های قدیمی انتخاب بسته به مرحله اول می‌روند
    When مشتری صفحه "<route>" را باز می‌کند
    Then مشتری به مسیر "/select-package-f/1" می‌رسد

    Examples:
      | route              |
      | /select-package-a  |
      | /select-package-b  |
      | /select-package-d  |
      | /select-package-e  |
      | /install-tara      |
      | /select-package-f  |

  @RG-14
  Scenario: صفحه دسته به مرحله اول انتخاب بسته می‌رود
    When مشتری صفحه "/select-category-packages/sport" را باز می‌کند
    Then مشتری به مسیر "/select-package-f/1" می‌رسد

  @RG-02
  Scenario: خانه با پرچم بسته gln به انتخاب بسته می‌رود و پرس‌وجو را نگه می‌دارد
    Given در حافظه جلسه "isGlnPackage" برابر "true" است
    When مشتری صفحه "/?productsTag=KONKUR&ref=home" را باز می‌کند
    Then مشتری به آدرس "/select-package-c?productsTag=KONKUR&ref=home" می‌رسد

  @RG-02
  Scenario: خانه با پرچم بسته پنل کاربر به انتخاب بسته می‌رود و پرس‌وجو را نگه می‌دارد
    Given در حافظه جلسه "isUserPanelPackage" برابر "true" است
    When مشتری صفحه "/?selectCOrF=C&ref=panel" را باز می‌کند
    Then مشتری به آدرس "/select-package-c?selectCOrF=C&ref=panel" می‌رسد

  @RG-09
  Scenario Outline: انتخاب بسته پرچم پنل کاربر یا gln را می‌گذارد
    When مشتری صفحه "<route>" را باز می‌کند
    Then مشتری به مسیر "/select-package-f/1" می‌رسد
    And در حافظه جلسه "<flag>" برابر "true" است
    And در حافظه جلسه "<other>" نیست

    Examples:
      | route                        | flag               | other              |
      | /select-package?source=panel | isUserPanelPackage | isGlnPackage       |
      | /select-package              | isGlnPackage       | isUserPanelPackage |

  @RG-10
  Scenario Outline: نوع A، B یا D صفحه پیش‌فرض C را نادیده می‌گیرد و به مرحله اول می‌رسد
    When مشتری صفحه "/select-package?selectPackageType=<type>&selectCOrF=C" را باز می‌کند
    Then مشتری به مسیر "/select-package-f/1" می‌رسد

    Examples:
      | type |
      | A    |
      | B    |
      | D    |

  @RG-11
  Scenario: انتخاب بسته بدون تنظیم به صفحه F می‌رود
    When مشتری صفحه "/select-package" را باز می‌کند
    Then مشتری به مسیر "/select-package-f/1" می‌رسد

  @RG-12
  Scenario Outline: صفحه پیش‌فرض C یا برچسب غیر DIET به صفحه C می‌رود
    When مشتری صفحه "/select-package?<query>" را باز می‌کند
    Then مشتری به مسیر "/select-package-c" می‌رسد

    Examples:
      | query                |
      | selectCOrF=C         |
      | productsTag=KONKUR   |
      | productsTag=MIND     |

  @RG-25
  Scenario: صفحه قدیمی پرداخت به پرداخت جدید می‌رود
    When مشتری صفحه "/checkout" را باز می‌کند
    Then مشتری به مسیر "/checkout-new" می‌رسد

  @RG-27
  Scenario: نتیجه پرداخت موفق به صفحه موفقیت می‌رود بدون status و code و paymentId
    When مشتری صفحه "/payment-result?status=OK&orderId=5&code=0&paymentId=77" را باز می‌کند
    Then مشتری به آدرس "/payment-success?orderId=5" می‌رسد

  @RG-28
  Scenario: نتیجه پرداخت ناموفق به صفحه شکست می‌رود بدون status و code و paymentId
    When مشتری صفحه "/payment-result?status=NOK&orderId=5&code=-1&paymentId=77&utm_source=sms" را باز می‌کند
    Then مشتری به آدرس "/payment-fail?orderId=5&utm_source=sms" می‌رسد
