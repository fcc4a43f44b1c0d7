Feature: کد تخفیف روی سفارش
  POST /lemonade/api/usedDiscounts applies a code to the products of the basket it names;
  PATCH /lemonade/api/usedDiscounts/{id} with status CANCELED takes it off again (spec 2 §3, §5, §7; spec 3 §4).

  Background:
    Given مشتری با شماره "09121234567" ثبت‌نام کرده است

  @PR-30
  Scenario: کدی که محصولات سبد را نام می‌برد پذیرفته می‌شود و فقط قیمت همان محصولات را کم می‌کند
    Given مشتری "09121234567" سفارشی از محصولات "101, 151" ساخته است
    When مشتری "09121234567" کد تخفیف "limoo20" را روی سفارش "101, 151" ثبت می‌کند
    Then پاسخ موفق است
    And کلیدهای meta تخفیف پاسخ شامل "101" است
    And قلم محصول 101 در صورتحساب این مقادیر را دارد:
      | finalPrice | 312000 |
    And قلم محصول 151 در صورتحساب این مقادیر را دارد:
      | finalPrice | 190000 |
    And صورتحساب این مقادیر را دارد:
      | totalOriginalPrice | 780000 |
      | totalFinalPrice    | 502000 |
      | totalDiscount      | 278000 |
      | totalPrice         | 502000 |

  @PR-30
  Scenario: کدی که هیچ محصول سبد را نام نمی‌برد رد می‌شود و صورتحساب تغییر نمی‌کند
    Given مشتری "09121234567" سفارشی از محصولات "151" ساخته است
    When مشتری "09121234567" کد تخفیف "LIMOO20" را روی سفارش "151" ثبت می‌کند
    Then پاسخ خطای 400 با کد "400" و پیام "کد وارد شده برای این محصول قابل استفاده نیست، می توانید محصول دیگری انتخاب کنید." است
    When مشتری "09121234567" صورتحساب سفارش "151" را می‌گیرد
    Then صورتحساب این مقادیر را دارد:
      | totalFinalPrice | 190000 |
      | totalPrice      | 190000 |

  # The checkout shows «کد تخفیف وارد شده معتبر نمی باشد!» for exactly this message (the @ui scenario of ER-30).
  @ER-30
  Scenario: کد ناشناخته با پیام code not found رد می‌شود و صورتحساب تغییر نمی‌کند
    Given مشتری "09121234567" سفارشی از محصولات "101" ساخته است
    When مشتری "09121234567" کد تخفیف "ab1234" را روی سفارش "101" ثبت می‌کند
    Then پاسخ خطای 404 با کد "404" و پیام "code not found" است
    When مشتری "09121234567" صورتحساب سفارش "101" را می‌گیرد
    Then صورتحساب کد تخفیفی ندارد

  @PR-33
  Scenario: لغو کد با وضعیت CANCELED قیمت‌ها را برمی‌گرداند و کد دوباره قابل استفاده است
    Given مشتری "09121234567" سفارشی از محصولات "101" ساخته است
    And مشتری "09121234567" کد تخفیف "YALDA50000" را روی سفارش "101" ثبت کرده است
    When مشتری "09121234567" کد تخفیف سفارش "101" را با وضعیت CANCELED لغو می‌کند
    Then پاسخ موفق است
    And صورتحساب این مقادیر را دارد:
      | totalFinalPrice | 390000 |
      | totalDiscount   | 100000 |
      | totalPrice      | 390000 |
    And صورتحساب کد تخفیفی ندارد
    When مشتری "09121234567" کد تخفیف "YALDA50000" را روی سفارش "101" ثبت می‌کند
    Then پاسخ موفق است
    And صورتحساب این مقادیر را دارد:
      | totalFinalPrice | 340000 |

  @in-process
  Scenario: سبدی که بیش از نیم ساعت پرداخت نشده کد یک‌بارمصرف را برای دیگران تمام نمی‌کند
    A use is taken when a code is applied. Once a limited code is used up, the use of an order left unpaid for longer
    than a points hold lasts (30 minutes), with no payment under way, goes to the next order it is applied to; the
    abandoned order gets its prices back. No rule names this; it is the shop's own guarantee.
    Given مشتری "09121234567" سفارشی از محصولات "101" ساخته است
    And مشتری "09121234567" کد تخفیف "ONCE" را روی سفارش "101" ثبت کرده است
    And مشتری با شماره "09127654321" ثبت‌نام کرده است
    And مشتری "09127654321" سفارشی از محصولات "101" ساخته است
    When مشتری "09127654321" کد تخفیف "ONCE" را روی سفارش "101" ثبت می‌کند
    Then پاسخ خطای 400 با کد "400" است
    When کدهای تخفیف ثبت‌شده 31 دقیقه پیش ثبت شده‌اند
    And مشتری "09127654321" کد تخفیف "ONCE" را روی سفارش "101" ثبت می‌کند
    Then پاسخ موفق است
    And صورتحساب سفارش "101" مشتری "09121234567" این مقادیر را دارد:
      | totalFinalPrice | 390000 |
      | totalPrice      | 390000 |
