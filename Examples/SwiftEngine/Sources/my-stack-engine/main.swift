import MyStack
import StackLayout

serve(MyStackEngine())
