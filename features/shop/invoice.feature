Feature: صورتحساب سفارش
  The BFF computes the invoice from the database in integer toman: each line's original and final price,
  the red percent note and the totals (spec 2 §2, §3, §5; shop contract "Already there").

  @PR-01 @PR-02 @PR-03 @in-process
  Scenario: درصد تخفیف هر قلم ۱۰۰ منهای گرد شده به بالای نسبت قیمت نهایی به اصلی است
    Given فروشگاه این محصولات را دارد:
      | id | type | title         | price  | finalPrice |
      | 1  | DIET | رژیم آزمایشی  | 300000 | 199000     |
      | 2  | DIET | رژیم بی‌تخفیف | 200000 | 200000     |
    And مشتری با شماره "09121234567" ثبت‌نام کرده است
    When مشتری "09121234567" سفارشی از محصولات "1, 2" می‌سازد
    And مشتری "09121234567" صورتحساب سفارش "1, 2" را می‌گیرد
    Then قلم محصول 1 در صورتحساب این مقادیر را دارد:
      | originalPrice   | 300000 |
      | finalPrice      | 199000 |
      | discountPercent | 33     |
      | currency        | تومان  |
    And قلم محصول 2 در صورتحساب این مقادیر را دارد:
      | originalPrice   | 200000 |
      | finalPrice      | 200000 |
      | discountPercent | نیست   |
      | currency        | تومان  |
    And صورتحساب این مقادیر را دارد:
      | totalOriginalPrice | 500000 |
      | totalFinalPrice    | 399000 |
      | totalDiscount      | 101000 |
      | userPointDeduction | 0      |
      | totalPrice         | 399000 |
