Feature: همه رژیم‌های مشتری در پنل
  GET /app/diets/all lists every diet issued to the customer (spec 3 §4 "Diet actions"). The customer buys and
  requests the diet; the medical team writes and starts diets through its staff API. Product 102 is a package of
  three diets of 30 days. Every scenario name starts with "همه-رژیم‌ها".

  @DS-24
  Scenario: همه-رژیم‌ها: فهرست از آخرین ارجاع به نخستین مرتب است
    Given مشتری "09121234567" دوره "102" را خریده است
    And مشتری "09121234567" رژیم بسته خریده‌شده‌اش را با پرونده پزشکی درخواست کرده است
    And متخصصان رژیم سفارش "102" مشتری "09121234567" را نوشته‌اند و 40 روز از آغاز آن گذشته است
    And متخصصان رژیم شماره 2 بسته سفارش "102" مشتری "09121234567" را نوشته‌اند و 10 روز از آغاز آن گذشته است
    Then فهرست همه رژیم‌های مشتری "09121234567" به ترتیب ارجاع‌های "2,1" است
