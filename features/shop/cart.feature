Feature: سبد خرید صفحه انتخاب دوره
  The cart select-package-c keeps in the browser (spec 3 §4 "Catalogue fetch and cart"). The page only ever removes
  what the cart holds, so the refusal below is reached through the web app's own cart module, not a screen.

  @ER-65
  Scenario: سبد- برداشتن محصولی که در سبد نیست با پیام "Item is not listed in your cart" رد می‌شود و سبد دست نمی‌خورد
    Given سبد خرید وب محصول 101 را دارد
    When محصول 102 از سبد خرید وب برداشته می‌شود
    Then برداشتن با خطای "CartError" و پیام "Item is not listed in your cart" رد می‌شود و سبد محصول 101 را نگه می‌دارد
    When محصول 101 از سبد خرید وب برداشته می‌شود
    Then سبد خرید وب خالی است
